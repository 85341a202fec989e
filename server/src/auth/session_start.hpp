#pragma once

#include <string>
#include <string_view>

#include "auth/sign_in.hpp"
#include "auth/users.hpp"
#include "core/clock.hpp"
#include "core/result.hpp"

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

// A person proven by something other than their Dossier password (Windows, a cloud directory):
// refused when their account is disabled (audited with how), otherwise startSession — with no
// password change asked for, since the password did not prove them (an expired one is changed
// at its own sign-in). Inside the caller's transaction.
Result<SignedIn> startSessionProvenElsewhere(db::Connection& db,
                                             const config::EnvironmentConfig& config,
                                             const User& user, const std::string& clientAddress,
                                             const std::string& correlationId, std::string_view how,
                                             const std::string& userAgent, TimePoint now);

}  // namespace dossier::auth
