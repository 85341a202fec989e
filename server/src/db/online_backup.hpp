#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>

namespace dossier::db {

// Told the pages copied so far and how many there are.
using PageProgress = std::function<void(std::int64_t done, std::int64_t total)>;

// Copies the SQLite database `from` into the new file `to` with SQLite's online backup while
// other connections, of this process or others (a running server), go on reading and writing it.
// The copy is the database as of one moment: one read transaction is held on `from` for the whole
// copy, which writers in WAL mode do not wait for, and which keeps the copy from starting over
// each time one of them commits. The copy is left in rollback-journal mode, one file with nothing
// beside it. Throws DatabaseError (busy when the source is locked for longer than a write waits).
void copySqliteDatabase(const std::filesystem::path& from, const std::filesystem::path& to,
                        const PageProgress& progress);

}  // namespace dossier::db
