#include "auth/first_start.hpp"

#include <spdlog/spdlog.h>

#include "auth/audit_log.hpp"
#include "auth/passwords.hpp"
#include "auth/users.hpp"
#include "core/clock.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"

namespace dossier::auth {

bool isFirstStart(environments::Environment& environment) {
  auto db = environment.db().acquire();
  return !db->query("SELECT 1 FROM environment_state WHERE key = 'first_started_at'").step();
}

void prepareFirstStart(environments::Environment& environment,
                       const std::optional<std::string>& adminPassword,
                       std::optional<std::int64_t> adminPersonId) {
  auto db = environment.db().acquire();
  // Looked at in the turn to write: of processes starting at once, one makes admin.
  db::Transaction transaction(*db);
  if (db->query("SELECT 1 FROM environment_state WHERE key = 'first_started_at'").step()) {
    return;
  }
  db->execute("INSERT INTO environment_state (key, value) VALUES ('first_started_at', ?1)",
              Clock::now());
  if (findUserByName(*db, "admin")) {
    transaction.commit();
    return;
  }
  const bool generated = !adminPassword || adminPassword->empty();
  const auto password = generated ? generatePassword() : *adminPassword;
  auto user = createUser(*db, {"admin", "Administrator", hashPassword(password), true});
  if (user) {
    recordSecurityEvent(*db, {"user.created", user->id, "admin", "", "", "first start"});
    if (adminPersonId) {
      setPerson(*db, user->id, adminPersonId);
    }
  }
  transaction.commit();
  if (generated) {
    spdlog::warn(
        "environment {}: created the user admin with the password {} (shown only this once; it "
        "must be changed at the first sign-in)",
        environment.key(), password);
  } else {
    spdlog::info(
        "environment {}: created the user admin with the password from DOSSIER_ADMIN_PASSWORD "
        "(it must be changed at the first sign-in)",
        environment.key());
  }
}

}  // namespace dossier::auth
