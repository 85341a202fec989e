#include "blobs/stored_chunks.hpp"

#include <algorithm>
#include <future>

#include "db/connection.hpp"
#include "db/pool.hpp"

namespace dossier::blobs::chunks {

std::int64_t start(db::Connection& db, bool held, TimePoint now) {
  return db.insertReturning(
      "INSERT INTO stored_blobs (size, whole, held, created_at) VALUES (0, 0, ?1, ?2) RETURNING "
      "id",
      held, now);
}

void write(db::Connection& db, std::int64_t id, std::uint64_t at, std::string_view bytes) {
  while (!bytes.empty()) {
    const auto piece = bytes.substr(0, kChunkSize);
    db.execute("INSERT INTO stored_blob_chunks (blob_id, start, data) VALUES (?1, ?2, ?3)", id,
               static_cast<std::int64_t>(at), db::Bytes{piece});
    at += piece.size();
    bytes.remove_prefix(piece.size());
  }
}

void writeOverTwo(db::Pool& pool, std::int64_t id, std::uint64_t at, std::string_view bytes) {
  const auto chunks = (bytes.size() + kChunkSize - 1) / kChunkSize;
  const auto firstHalf = chunks / 2 * kChunkSize;
  if (firstHalf == 0) {
    auto db = pool.acquire();
    write(*db, id, at, bytes);
    return;
  }
  // The second half on a thread of its own; its future waits for it before `bytes` can go, even
  // when the first half throws.
  auto second = std::async(std::launch::async, [&pool, id, at, bytes, firstHalf] {
    auto db = pool.acquire();
    write(*db, id, at + firstHalf, bytes.substr(firstHalf));
  });
  {
    auto db = pool.acquire();
    write(*db, id, at, bytes.substr(0, firstHalf));
  }
  second.get();
}

void cutAt(db::Connection& db, std::int64_t id, std::uint64_t at) {
  db.execute(
      "DELETE FROM stored_blob_chunks WHERE blob_id = ?1 AND start >= ?2 AND blob_id IN (SELECT "
      "id FROM stored_blobs WHERE id = ?1 AND whole = 0)",
      id, static_cast<std::int64_t>(at));
}

bool makeWhole(db::Connection& db, std::int64_t id, const std::string& sha256, std::uint64_t size,
               TimePoint now) {
  bool made = false;
  try {
    // The unique index on sha256 stops two writers of the same content making it whole twice.
    made = db.execute(
               "UPDATE stored_blobs SET sha256 = ?1, size = ?2, whole = 1, held = 0, created_at = "
               "?3 WHERE id = ?4 AND whole = 0 AND NOT EXISTS (SELECT 1 FROM stored_blobs AS s "
               "WHERE s.sha256 = ?1)",
               sha256, static_cast<std::int64_t>(size), now, id) == 1;
  } catch (const db::DatabaseError& error) {
    if (error.failure() != db::Failure::UniqueViolation) {
      throw;
    }
  }
  if (!made) {
    db.execute("UPDATE stored_blobs SET created_at = ?1 WHERE sha256 = ?2 AND created_at < ?1", now,
               sha256);
  }
  return made;
}

void drop(db::Connection& db, std::int64_t id) {
  // The chunks go with it (ON DELETE CASCADE), in the same statement.
  db.execute("DELETE FROM stored_blobs WHERE id = ?1 AND whole = 0", id);
}

Chunk chunkAt(db::Connection& db, std::int64_t id, std::uint64_t at) {
  auto row = db.query(
      "SELECT start, data FROM stored_blob_chunks WHERE blob_id = ?1 AND start <= ?2 ORDER BY "
      "start DESC LIMIT 1",
      id, static_cast<std::int64_t>(at));
  Chunk chunk;
  if (row.step()) {
    chunk.start = static_cast<std::uint64_t>(row.integer(0));
    const auto bytes = row.bytes(1);
    if (chunk.start + bytes.size() > at) {
      chunk.bytes.assign(bytes);
    }
  }
  return chunk;
}

}  // namespace dossier::blobs::chunks
