#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/clock.hpp"

namespace dossier::db {
class Connection;
class Pool;
}  // namespace dossier::db

// The SQL of blobs kept in the database in chunks (migration 0018: stored_blobs,
// stored_blob_chunks), shared by the database blob store and the database upload store, whose
// pieces are written straight into a blob being written. Each function is one short statement,
// never run inside a write transaction unless the caller says so: chunks are megabytes, and on
// PostgreSQL every write transaction of the environment takes its turn (db::Transaction).
namespace dossier::blobs::chunks {

// The size of a chunk: large enough that a round trip per chunk costs little beside its bytes,
// small enough that a chunk is read for a byte range without waste (docs/decisions.md).
inline constexpr std::size_t kChunkSize = std::size_t{1} << 20;

// A new blob being written, seen by nobody until it is whole; its id. `held`: by an unfinished
// upload, whose own sweep removes it (the blob store's sweep leaves it).
std::int64_t start(db::Connection& db, bool held, TimePoint now);
// Writes `bytes` as chunks of at most kChunkSize from `at` on, one statement each.
void write(db::Connection& db, std::int64_t id, std::uint64_t at, std::string_view bytes);
// The same over two of the pool's connections at once, each writing half the chunks, when `bytes`
// holds more than one: an upload's 8 MiB piece went in 15-20 % faster (199-214 against 174-180
// MB/s; four connections gave nothing more, the write-ahead log being shared). Each connection is
// taken for its half only, so two writers never wait for each other's. Should either half fail,
// what the other wrote lies past the caller's offset, which it cuts before writing again.
void writeOverTwo(db::Pool& pool, std::int64_t id, std::uint64_t at, std::string_view bytes);
// Removes the chunks of a blob being written from `at` on (what a write cut short left).
void cutAt(db::Connection& db, std::int64_t id, std::uint64_t at);
// Makes blob `id` whole under its SHA-256 in one statement: true. False when that content is
// stored already: that blob's age starts again (a save may be about to refer to it), and the
// caller drops `id`.
bool makeWhole(db::Connection& db, std::int64_t id, const std::string& sha256, std::uint64_t size,
               TimePoint now);
// Removes a blob that is not whole, and its chunks.
void drop(db::Connection& db, std::int64_t id);

// One chunk, as read for a range.
struct Chunk {
  std::uint64_t start = 0;
  std::string bytes;
};
// The chunk of blob `id` that holds byte `at`; empty bytes past the end.
Chunk chunkAt(db::Connection& db, std::int64_t id, std::uint64_t at);

}  // namespace dossier::blobs::chunks
