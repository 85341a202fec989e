#include "auth/bot_check_store.hpp"

#include "core/crypto.hpp"
#include "db/connection.hpp"

namespace dossier::auth {

std::string botCheckKey(db::Connection& db, TimePoint now) {
  auto row = db.query("SELECT signing_key FROM bot_check_key WHERE id = 1");
  if (row.step()) {
    return row.text(0);
  }
  // Two processes may both find none: the first insert wins, and both read what it wrote.
  db.execute(
      "INSERT INTO bot_check_key (id, signing_key, created_at) VALUES (1, ?1, ?2) "
      "ON CONFLICT (id) DO NOTHING",
      randomHex(32), formatIsoTime(now));
  auto written = db.query("SELECT signing_key FROM bot_check_key WHERE id = 1");
  written.step();
  return written.text(0);
}

}  // namespace dossier::auth
