#include "app/readiness.hpp"

#include <string>

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "api/json_response.hpp"
#include "core/progress_bar.hpp"
#include "db/connection.hpp"
#include "db/database_error.hpp"
#include "db/migrations.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"
#include "environments/registry.hpp"
#include "index/search_index.hpp"
#include "records/change_log.hpp"

namespace dossier::app {

namespace json = boost::json;

namespace {

json::object check(bool ok, std::string detail) {
  return json::object{{"ok", ok}, {"detail", std::move(detail)}};
}

// The checks of one environment; true in `ready` when all pass.
json::object checkEnvironment(environments::Environment& environment, bool& ready) {
  json::object checks;
  const auto known = db::migrationsFor(environment.db().dialect());
  try {
    auto db = environment.db().acquire();
    auto applied = db->query("SELECT COUNT(*), COALESCE(MAX(number), 0) FROM schema_migrations");
    applied.step();
    const auto count = applied.integer(0);
    const auto newest = applied.integer(1);
    const auto latest = records::latestChange(*db);
    checks["database"] = check(true, "answers");
    if (newest > (known.empty() ? 0 : known.back().number)) {
      checks["schema"] =
          check(false, "migrated by a newer version of dossier: upgrade this process");
    } else if (count < static_cast<std::int64_t>(known.size())) {
      checks["schema"] = check(false, std::to_string(count) + " of " +
                                          std::to_string(known.size()) + " migrations applied");
    } else {
      checks["schema"] = check(true, "current");
    }
    if (auto* index = environment.index(); index == nullptr) {
      checks["index"] = check(false, "not open");
    } else if (const auto behind = latest - index->appliedSequence(); behind > kReadyIndexLag) {
      checks["index"] = check(false, grouped(behind) + " changes behind");
    } else {
      checks["index"] = check(true, "caught up");
    }
  } catch (const db::DatabaseError&) {
    // What the database said is in the server's log; a public probe says only that.
    checks["database"] = check(false, "not answering");
  }
  for (const auto& [name, result] : checks) {
    ready = ready && result.as_object().at("ok").as_bool();
  }
  return json::object{{"environment", environment.key()}, {"checks", std::move(checks)}};
}

}  // namespace

http::Response readiness(environments::Registry& registry) {
  bool ready = true;
  json::array environments;
  for (auto* environment : registry.all()) {
    environments.push_back(checkEnvironment(*environment, ready));
  }
  return api::jsonResponse(
      json::object{{"ready", ready}, {"environments", std::move(environments)}}, ready ? 200 : 503);
}

}  // namespace dossier::app
