// A document's file sent the way the web app sends it: the tus 1.0.0 resumable-upload protocol at
// /api/{env}/documentupload/chunk (begin, send pieces, ask where it stands, give up), then filed as
// a document of its case with the properties save. Every call goes through server.call, so every
// answer is checked against the contract.
import assert from 'node:assert/strict';

import { startServer } from './server.mjs';

export const tus = { 'Tus-Resumable': '1.0.0' };

const base64 = (text) => Buffer.from(text).toString('base64');

// The upload id in an upload's address (its Location), which a document takes when filed.
export const uploadId = (location) => location.split('/').pop();

// Begins an upload of length bytes (POST); the answer, whose Location names the upload. headers
// replaces the tus header, for a test of what the server does without it.
export function beginUpload(server, token, { caseNumber, length, fileName = 'Letter.txt', environment = 'acme', headers = tus }) {
  return server.call(`/api/${environment}/documentupload/chunk`, {
    method: 'POST', token,
    headers: {
      ...headers,
      'Upload-Length': String(length),
      'Upload-Metadata': `filename ${base64(fileName)},caseNumber ${base64(caseNumber)}`,
    },
  });
}

// Sends one piece at offset (PATCH); headers adds to or replaces the usual ones (a checksum, a
// wrong content type).
export function sendPiece(server, token, location, offset, bytes, headers = {}) {
  return server.call(location, {
    method: 'PATCH', token, raw: bytes,
    headers: { ...tus, 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': String(offset), ...headers },
  });
}

// Where an upload stands (HEAD): its Upload-Offset and Upload-Length headers.
export const uploadStanding = (server, token, location) => server.call(location, { method: 'HEAD', token, headers: tus });

// Gives an upload up (DELETE).
export const cancelUpload = (server, token, location) => server.call(location, { method: 'DELETE', token, headers: tus });

// A file uploaded whole in one piece: its id and location, and sent, the answer to the piece
// (204 when the server kept the file; a test of a refused file reads it).
export async function upload(server, token, caseNumber, fileName, content, environment = 'acme') {
  const created = await beginUpload(server, token, { caseNumber, fileName, length: Buffer.byteLength(content), environment });
  assert.equal(created.status, 201, created.text);
  const location = created.headers.get('location');
  const sent = await sendPiece(server, token, location, 0, content);
  return { id: uploadId(location), location, sent };
}

// Files finished uploads as new electronic documents of the case (the properties save); the answer.
export function fileUploads(server, token, caseNumber, ids, properties = {}, environment = 'acme') {
  return server.call(`/api/${environment}/DocumentProperties/updateDocumentProperties`, {
    method: 'POST', token,
    body: { caseNumber, documentPropertiesData: { ExtRefType: 'Electronic', ...properties, uploads: ids } },
  });
}

// A file uploaded and filed as a new electronic document of the case; its guid.
export async function addDocument(server, token, caseNumber, fileName, content, properties = {}) {
  const { id, sent } = await upload(server, token, caseNumber, fileName, content);
  assert.equal(sent.status, 204, sent.text);
  const added = await fileUploads(server, token, caseNumber, [id], properties);
  assert.equal(added.status, 201, added.text);
  return added.json.documentIds[0];
}

// A complaint's values as the documents tests file their documents under.
export const documentsComplaint = { title: 'Loud music', receivedOn: '2026-10-03', channel: 'phone' };

// A tiny PDF whose text holds the words given (found by search once read).
export const pdf = (words) => `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${words}\ntrailer << /Root 1 0 R >>\n%%EOF\n`;

// What the documents tests start from: a server, its documents staff signed in, and a complaint
// of theirs.
export async function startWithComplaint(options) {
  const server = await startServer(options);
  const staff = await server.signInStaff('documents');
  const caseNumber = (await server.createRecord(staff.worker, 'case', 'COMP', documentsComplaint)).json.caseNumber;
  return { server, staff, caseNumber };
}
