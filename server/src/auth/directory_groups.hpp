#pragma once

#include <cstdint>
#include <set>
#include <string>

#include <boost/json/object.hpp>

namespace dossier::config {
struct AzureRegistration;
}
namespace dossier::db {
class Connection;
}
namespace dossier::environments {
class Environment;
}

namespace dossier::auth {

// The groups of groups.yaml an ID token's group claim makes the person a member of, by the
// registration's map (signIn.azureRegistrations[].groups); values it does not name give none.
std::set<std::string> groupsOfClaims(const config::AzureRegistration& registration,
                                     const boost::json::object& claims);

// Replaces the groups the registration gave the user (in the caller's transaction).
void keepDirectoryGroups(db::Connection& db, std::int64_t userId, const std::string& registration,
                         const std::set<std::string>& groups);

// The environment's catalogue takes the memberships the database holds: at the start, after a
// sign-in here changed them, and when another process says sessions changed (session_memory).
void loadDirectoryGroups(environments::Environment& environment);

}  // namespace dossier::auth
