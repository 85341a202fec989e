#include "datamove/data_move.hpp"

#include <algorithm>
#include <set>

#include "blobs/blob_store.hpp"
#include "datamove/blob_copy.hpp"
#include "datamove/move_error.hpp"
#include "datamove/plan.hpp"
#include "db/connection.hpp"
#include "db/identifiers.hpp"
#include "db/identities.hpp"
#include "db/migrations.hpp"
#include "db/pool.hpp"

namespace dossier::datamove {

namespace {

std::int64_t rowCount(db::Connection& db, const std::string& table) {
  auto rows = db.query("SELECT COUNT(*) FROM " + db::quotedIdentifier(table));
  rows.step();
  return rows.integer(0);
}

std::string rowsText(std::int64_t count) {
  return std::to_string(count) + (count == 1 ? " row" : " rows");
}

// A Dossier database at exactly the schema version of this program.
void checkSource(db::Connection& source, const MoveOptions& options) {
  const auto schema = source.describeSchema();
  if (std::ranges::find(schema, std::string(kMigrationsTable), &db::SchemaTable::name) ==
      schema.end()) {
    throw MoveError(source.describe() +
                    " is not a Dossier database: it has no schema_migrations table.");
  }
  std::set<int> applied;
  {
    auto rows = source.query("SELECT number FROM schema_migrations");
    while (rows.step()) {
      applied.insert(static_cast<int>(rows.integer(0)));
    }
  }
  std::set<int> known;
  std::string missing;
  for (const auto& migration : db::migrationsFor(source.dialect())) {
    known.insert(migration.number);
    if (!applied.contains(migration.number)) {
      missing += (missing.empty() ? "" : ", ") + migration.name;
    }
  }
  for (const int number : applied) {
    if (!known.contains(number)) {
      throw MoveError(source.describe() + " has migration " + std::to_string(number) +
                      " applied, which this version of dossier does not know: it was written by "
                      "a newer version. Use that version's `dossier " +
                      options.command + "`.");
    }
  }
  if (!missing.empty()) {
    throw MoveError(source.describe() + " is at an older schema version than this dossier (" +
                    missing + " not applied). Bring it up to date first with `" +
                    options.sourceMigrateCommand + "`, then run " + options.command + " again. " +
                    options.command + " never changes its source.");
  }
}

void refuseUnlessEmpty(db::Connection& target, const std::vector<TablePlan>& plan,
                       const std::string& command) {
  std::string found;
  for (const auto& table : plan) {
    // Content without rows naming it is not an environment: what a copy cut short left there,
    // or what a restore stored first (blobs before rows), and written once.
    if (table.seededByMigrations || table.keptByBlobStore) {
      continue;
    }
    if (const auto count = rowCount(target, table.table.name); count > 0) {
      found += (found.empty() ? "" : ", ") + table.table.name + ": " + rowsText(count);
    }
  }
  if (!found.empty()) {
    throw MoveError("The " + target.describe() + " already holds data (" + found + "); " + command +
                    " writes only into a database without any, and wrote nothing. Name an empty "
                    "database; or, if this is what an earlier " +
                    command +
                    " left when it stopped midway, drop the database, create it anew and run "
                    "again.");
  }
}

std::vector<std::string> compareCounts(db::Connection& source, db::Connection& target,
                                       const std::vector<TablePlan>& plan,
                                       std::vector<TableCount>* counts) {
  std::vector<std::string> differences;
  for (const auto& table : plan) {
    const auto& name = table.table.name;
    TableCount count{name, rowCount(source, name), rowCount(target, name), table.notCopiedBecause};
    const auto expected = table.notCopiedBecause.empty() ? count.source : 0;
    if (count.target != expected && !table.keptByBlobStore) {
      differences.push_back("table " + name + ": " + rowsText(count.source) + " in the source, " +
                            rowsText(count.target) + " in the target" +
                            (table.notCopiedBecause.empty() ? "" : " (it is not copied)"));
    }
    if (counts != nullptr) {
      counts->push_back(std::move(count));
    }
  }
  return differences;
}

std::vector<std::string> checkTarget(db::Connection& source, db::Connection& target,
                                     const blobs::BlobStore& targetBlobs,
                                     const std::vector<TablePlan>& plan,
                                     const std::vector<ReferencedBlob>& blobs,
                                     const Progress& progress, std::vector<TableCount>* counts) {
  auto differences = compareCounts(source, target, plan, counts);
  std::int64_t bytes = 0;
  for (const auto& blob : blobs) {
    bytes += static_cast<std::int64_t>(blob.size);
  }
  auto blobProblems = checkBlobs(
      blobs, targetBlobs, [&](std::int64_t done) { progress("checking blobs", done, bytes); });
  differences.insert(differences.end(), blobProblems.begin(), blobProblems.end());
  return differences;
}

// Checks the source, brings the target's schema up to date and refuses it when it holds data;
// the tables to copy.
std::vector<TablePlan> prepare(db::Connection& from, db::Connection& to,
                               const MoveOptions& options) {
  checkSource(from, options);
  if (auto applied = db::migrate(to); !applied) {
    throw MoveError(applied.error().message);
  }
  auto plan = planMove(from, to);
  refuseUnlessEmpty(to, plan, options.command);
  return plan;
}

// Every table's rows, within the caller's snapshot of the source, then the ids past the highest.
void copyRows(db::Connection& from, db::Connection& to, const std::vector<TablePlan>& plan,
              const MoveOptions& options, MoveReport& report) {
  for (const auto& table : plan) {
    if (!table.notCopiedBecause.empty()) {
      continue;
    }
    const auto& name = table.table.name;
    const auto total = rowCount(from, name);
    options.progress(name, 0, total);
    report.rows += copyTable(from, to, table, options.batches,
                             [&](std::int64_t done) { options.progress(name, done, total); });
  }
  db::continueIdsAfterHighest(to);
}

}  // namespace

void prepareTarget(db::Connection& source, db::Connection& target, const MoveOptions& options) {
  prepare(source, target, options);
}

MoveReport moveData(Side source, Side target, const MoveOptions& options) {
  auto from = source.db.acquire();
  auto to = target.db.acquire();
  const auto plan = prepare(*from, *to, options);

  MoveReport report;
  const db::Snapshot snapshot(*from);
  // Blobs first: a row naming a blob is written only once the blob is there.
  const auto blobs = referencedBlobs(*from);
  report.blobs = static_cast<std::int64_t>(blobs.size());
  for (const auto& blob : blobs) {
    report.blobBytes += blob.size;
  }
  const auto bytes = static_cast<std::int64_t>(report.blobBytes);
  options.progress("blobs", 0, bytes);
  auto copied = copyBlobs(blobs, source.blobs, target.blobs,
                          [&](std::int64_t done) { options.progress("blobs", done, bytes); });
  report.blobsWritten = copied.written;
  report.blobBytesWritten = copied.bytesWritten;

  copyRows(*from, *to, plan, options, report);

  report.differences = std::move(copied.problems);
  auto differences =
      checkTarget(*from, *to, target.blobs, plan, blobs, options.progress, &report.tables);
  report.differences.insert(report.differences.end(), differences.begin(), differences.end());
  return report;
}

MoveReport moveRows(db::Connection& source, db::Connection& target, const MoveOptions& options) {
  const auto plan = prepare(source, target, options);
  MoveReport report;
  const db::Snapshot snapshot(source);
  copyRows(source, target, plan, options, report);
  report.differences = compareCounts(source, target, plan, &report.tables);
  return report;
}

std::vector<std::string> verifyMove(Side source, Side target, const Progress& progress) {
  auto from = source.db.acquire();
  auto to = target.db.acquire();
  const auto plan = planMove(*from, *to);
  const db::Snapshot snapshot(*from);
  return checkTarget(*from, *to, target.blobs, plan, referencedBlobs(*from), progress, nullptr);
}

}  // namespace dossier::datamove
