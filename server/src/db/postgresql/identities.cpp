#include "db/postgresql/identities.hpp"

#include <string>
#include <utility>
#include <vector>

#include "db/connection.hpp"
#include "db/identifiers.hpp"

namespace dossier::db::postgresql {

void continueIdsAfterHighest(Connection& db) {
  std::vector<std::pair<std::string, std::string>> identities;
  {
    auto columns = db.query(
        "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = "
        "current_schema() AND is_identity = 'YES' ORDER BY table_name, column_name");
    while (columns.step()) {
      identities.emplace_back(columns.text(0), columns.text(1));
    }
  }
  for (const auto& [table, column] : identities) {
    // Names read from the catalog, not given by anyone: identifiers cannot be parameters.
    std::int64_t next = 1;
    {
      auto highest =
          db.query("SELECT MAX(" + quotedIdentifier(column) + ") FROM " + quotedIdentifier(table));
      if (highest.step() && !highest.isNull(0)) {
        next = highest.integer(0) + 1;
      }
    }
    db.execute("SELECT setval(pg_get_serial_sequence(?1, ?2), ?3, false)", quotedIdentifier(table),
               column, next);
  }
}

}  // namespace dossier::db::postgresql
