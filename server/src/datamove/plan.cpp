#include "datamove/plan.hpp"

#include <algorithm>
#include <map>
#include <string_view>

#include "datamove/copy_order.hpp"
#include "datamove/move_error.hpp"
#include "db/connection.hpp"
#include "db/identifiers.hpp"
#include "db/migrations.hpp"
#include "db/pool.hpp"

namespace dossier::datamove {

namespace {

// What lives only as long as a sign-in. Everything else an environment holds is copied.
const std::map<std::string, std::string, std::less<>> kNotCopied = {
    {"sessions", "everyone signs in again on the new database"},
    {"macro_choices", "questions a macro asked in a session that no longer exists"},
    {"directory_sign_ins", "sign-ins with a cloud directory under way, ten minutes at most"},
    // The database's own blob and upload stores (blobs/database_blob_store.hpp): the blob copy
    // fills them through the target's store, whatever store the source kept its files in.
    {"stored_blobs", "document content, moved by the blob copy"},
    {"stored_blob_chunks", "document content, moved by the blob copy"},
    {"stored_uploads", "unfinished uploads, which people send again"},
    {"file_download_tokens", "exported files, fetched within five minutes of their export"},
    {"report_exports", "reports' background exports, whose files are kept a day: export again"},
    {"work_leases", "which running server does the background work: the new one's take it"},
};

// Tables the blob copy fills in the target, so that their rows are not the source's: checked by
// reading every blob back, not by counting.
bool keptByBlobStore(std::string_view table) {
  return table == "stored_blobs" || table == "stored_blob_chunks";
}

bool copyable(const std::string& family) {
  return family == "integer" || family == "real" || family == "text";
}

}  // namespace

std::vector<std::string> tablesNotCopied() {
  std::vector<std::string> names;
  for (const auto& [name, why] : kNotCopied) {
    names.push_back(name);
  }
  return names;
}

std::vector<std::string> tablesSeededByMigrations() {
  auto pool = db::Pool::openSqlite(":memory:", 1);
  auto db = pool->acquire();
  if (auto applied = db::migrate(*db); !applied) {
    throw MoveError(applied.error().message);
  }
  std::vector<std::string> seeded;
  for (const auto& table : db->describeSchema()) {
    if (table.name != kMigrationsTable &&
        db->query("SELECT 1 FROM " + db::quotedIdentifier(table.name) + " LIMIT 1").step()) {
      seeded.push_back(table.name);
    }
  }
  return seeded;
}

std::vector<TablePlan> planMove(db::Connection& source, db::Connection& target) {
  const auto sourceSchema = source.describeSchema();
  const auto targetSchema = target.describeSchema();
  const auto seeded = tablesSeededByMigrations();
  std::vector<TablePlan> plan;
  for (const auto& name : copyOrder(targetSchema)) {
    if (name == kMigrationsTable) {
      continue;
    }
    const auto& table = *std::find_if(targetSchema.begin(), targetSchema.end(),
                                      [&](const auto& t) { return t.name == name; });
    const auto inSource = std::find_if(sourceSchema.begin(), sourceSchema.end(),
                                       [&](const auto& t) { return t.name == name; });
    if (inSource == sourceSchema.end()) {
      throw MoveError("The table " + name + " of " + target.describe() + " is not in " +
                      source.describe() +
                      ": the two databases are not at the same schema version.");
    }
    TablePlan entry{
        table, {}, std::ranges::find(seeded, name) != seeded.end(), "", keptByBlobStore(name)};
    if (const auto dropped = kNotCopied.find(name); dropped != kNotCopied.end()) {
      entry.notCopiedBecause = dropped->second;
      plan.push_back(std::move(entry));
      continue;
    }
    for (const auto& column : table.columns) {
      if (std::ranges::find(inSource->columns, column.name, &db::SchemaColumn::name) ==
          inSource->columns.end()) {
        throw MoveError("The column " + name + "." + column.name + " of " + target.describe() +
                        " is not in " + source.describe() +
                        ": the two databases are not at the same schema version.");
      }
      if (!copyable(column.type)) {
        throw MoveError("The column " + name + "." + column.name + " holds values of type " +
                        column.type + ", which migrate-data cannot copy yet.");
      }
    }
    for (const auto& key : table.foreignKeys) {
      if (key.table == name) {
        entry.selfReferences.push_back(key.column);
      }
    }
    plan.push_back(std::move(entry));
  }
  return plan;
}

}  // namespace dossier::datamove
