#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "datamove/table_copy.hpp"

namespace dossier::blobs {
class BlobStore;
}
namespace dossier::db {
class Pool;
}

namespace dossier::datamove {

// One environment's database and blob store.
struct Side {
  db::Pool& db;
  blobs::BlobStore& blobs;
};

// Told how far a stage is: a table's name (rows), "blobs" or "checking blobs" (bytes).
using Progress =
    std::function<void(const std::string& stage, std::int64_t done, std::int64_t total)>;

struct MoveOptions {
  // The command that moves, as messages name it: migrate-data, backup, restore.
  std::string command = "migrate-data";
  // Said to bring an outdated source up to date first, e.g. "dossier migrate --env demo".
  std::string sourceMigrateCommand = "dossier migrate";
  Batches batches;
  Progress progress = [](const std::string&, std::int64_t, std::int64_t) {};
};

struct TableCount {
  std::string table;
  std::int64_t source = 0;
  std::int64_t target = 0;
  std::string notCopiedBecause;  // empty for a table that is copied
};

struct MoveReport {
  std::vector<TableCount> tables;  // in the order they were copied
  std::int64_t rows = 0;
  std::int64_t blobs = 0;
  std::int64_t blobsWritten = 0;
  std::uint64_t blobBytes = 0;  // of every blob referenced
  std::uint64_t blobBytesWritten = 0;
  // Every way the target differs from the source, a sentence each; empty when all agree.
  std::vector<std::string> differences;
};

// Moves an environment's data from one database and blob store to another: checks that the source
// is a Dossier database at this program's schema version, applies the migrations to the target,
// refuses a target holding any row (nothing is written then), copies the referenced blobs, then
// every table's rows in foreign-key order with their ids, sets the target's id sequences past the
// highest ids, and compares the two (verifyMove). The source is read in one snapshot, so writes
// made meanwhile are not torn, and not copied. Throws MoveError when it refuses or cannot start.
// The connections the target's pool needs: the one the copy holds, and one for its blob store,
// which keeps the content in the database itself on PostgreSQL (environments::storesFor).
inline constexpr std::size_t kTargetConnections = 2;

MoveReport moveData(Side source, Side target, const MoveOptions& options);

// The rows alone, as moveData copies them, for callers that carry the blobs themselves: a backup
// writes them into its archive, a restore into the target's store before it calls this (the
// tables of the database's own blob store are filled that way, so they are neither refused nor
// compared). The report has no blobs; its differences are the tables' counts.
MoveReport moveRows(db::Connection& source, db::Connection& target, const MoveOptions& options);

// What moveRows does before copying, so that a caller can be refused before it writes anything
// of its own: checks the source, applies the migrations to the target and refuses a target
// holding data (MoveError).
void prepareTarget(db::Connection& source, db::Connection& target, const MoveOptions& options);

// Compares a target with its source: each table's row count (tables not copied must be empty),
// and each blob a document version names, read back from the target store, against its SHA-256.
// The differences, a sentence each.
std::vector<std::string> verifyMove(Side source, Side target, const Progress& progress);

}  // namespace dossier::datamove
