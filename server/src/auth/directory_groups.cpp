#include "auth/directory_groups.hpp"

#include <algorithm>

#include <boost/json.hpp>

#include "config/environment_config.hpp"
#include "core/text.hpp"
#include "db/connection.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"
#include "types/entity_type.hpp"
#include "types/granted_groups.hpp"

namespace dossier::auth {

std::set<std::string> groupsOfClaims(const config::AzureRegistration& registration,
                                     const boost::json::object& claims) {
  std::set<std::string> groups;
  const auto* claim = claims.if_contains(registration.groupsClaim);
  if (claim == nullptr) {
    return groups;
  }
  const auto add = [&](const boost::json::value& value) {
    if (!value.is_string()) {
      return;
    }
    if (const auto found = registration.groups.find(std::string(value.as_string()));
        found != registration.groups.end()) {
      groups.insert(found->second.begin(), found->second.end());
    }
  };
  if (claim->is_array()) {
    for (const auto& each : claim->as_array()) {
      add(each);
    }
  } else {
    add(*claim);
  }
  return groups;
}

void keepDirectoryGroups(db::Connection& db, std::int64_t userId, const std::string& registration,
                         const std::set<std::string>& groups) {
  db.execute("DELETE FROM directory_group_members WHERE user_id = ?1 AND registration = ?2", userId,
             registration);
  for (const auto& group : groups) {
    db.execute(
        "INSERT INTO directory_group_members (user_id, registration, group_name) "
        "VALUES (?1, ?2, ?3)",
        userId, registration, group);
  }
}

void loadDirectoryGroups(environments::Environment& environment) {
  const auto& catalog = environment.catalog();
  const auto& registrations = environment.config().signIn.azureRegistrations;
  // Most environments map no groups: nothing to read at each notice that sessions changed.
  const bool mapsGroups =
      std::any_of(registrations.begin(), registrations.end(),
                  [](const config::AzureRegistration& each) { return !each.groups.empty(); });
  if (!catalog.granted || !mapsGroups) {
    return;
  }
  types::GrantedGroups::Memberships memberships;
  {
    auto db = environment.db().acquire();
    auto row = db->query(
        "SELECT u.username, m.group_name FROM directory_group_members m "
        "JOIN users u ON u.id = m.user_id");
    while (row.step()) {
      memberships[asciiLower(row.text(0))].emplace(row.text(1));
    }
  }
  catalog.granted->replaceAll(std::move(memberships));
}

}  // namespace dossier::auth
