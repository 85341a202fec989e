#pragma once

#include <string>
#include <string_view>

#include "auth/sign_in.hpp"
#include "auth/users.hpp"
#include "core/clock.hpp"

namespace dossier::db {
class Connection;
}
namespace dossier::config {
struct EnvironmentConfig;
}

namespace dossier::auth {

// The one place a proven identity becomes a session, whatever proved it (a password, a second
// factor): the sign-in is audited with how it was proven, the address becomes known for the
// account, and the session is created with the environment's timeouts. Inside the caller's
// transaction.
SignedIn startSession(db::Connection& db, const config::EnvironmentConfig& config, const User& user,
                      const std::string& clientAddress, const std::string& correlationId,
                      std::string_view how, const std::string& userAgent, TimePoint now);

}  // namespace dossier::auth
