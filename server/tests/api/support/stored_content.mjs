// Where the tests look for what the server stored, on whichever backend they run: with SQLite an
// environment keeps file content and unfinished uploads as files in its data folder
// (data/<env>/blobs, data/<env>/uploads); with PostgreSQL in its database (stored_blobs,
// stored_blob_chunks, stored_uploads: migration 0018), as a server that shares it with others must.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { queryOne, usesPostgresql } from './databases.mjs';

const blobFile = (data, environment, sha) => join(data, environment, 'blobs', sha.slice(0, 2), sha.slice(2));

// The stored content of a blob as text; undefined when none is stored.
export function storedText(data, environment, sha) {
  if (!usesPostgresql) {
    const file = blobFile(data, environment, sha);
    return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  }
  const found = queryOne(data, environment, `SELECT COUNT(*) FROM stored_blobs WHERE sha256 = '${sha}' AND whole = 1`);
  if (found !== '1') return undefined;
  // As hex, so that the bytes come back exactly (psql's text would lose a last line break).
  const hex = queryOne(data, environment,
    'SELECT encode(COALESCE(string_agg(c.data, \'\'::bytea ORDER BY c.start), \'\'::bytea), \'hex\') '
    + `FROM stored_blobs b LEFT JOIN stored_blob_chunks c ON c.blob_id = b.id WHERE b.sha256 = '${sha}'`);
  return Buffer.from(hex, 'hex').toString('utf8');
}

// Takes a blob's content away behind the server's back, as a lost disk or a bad restore would.
export function removeStoredContent(data, environment, sha) {
  if (!usesPostgresql) {
    rmSync(blobFile(data, environment, sha));
    return;
  }
  queryOne(data, environment, `DELETE FROM stored_blobs WHERE sha256 = '${sha}'`);
}

// True while anything of an unfinished upload is kept.
export function uploadKept(data, environment, id) {
  if (!usesPostgresql) return existsSync(join(data, environment, 'uploads', id));
  return queryOne(data, environment, `SELECT COUNT(*) FROM stored_uploads WHERE id = '${id}'`) !== '0';
}
