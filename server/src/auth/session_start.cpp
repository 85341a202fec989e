#include "auth/session_start.hpp"

#include "auth/audit_log.hpp"
#include "auth/errors.hpp"
#include "auth/known_addresses.hpp"
#include "auth/sessions.hpp"
#include "config/environment_config.hpp"

namespace dossier::auth {

SignedIn startSession(db::Connection& db, const config::EnvironmentConfig& config, const User& user,
                      const std::string& clientAddress, const std::string& correlationId,
                      std::string_view how, const std::string& userAgent, TimePoint now) {
  recordSecurityEvent(db, {"signin.success", user.id, user.username, clientAddress, correlationId,
                           std::string(how)});
  rememberAddress(db, user.id, clientAddress, now);
  const auto issued = createSession(db, user.id, config.sessions, now, clientAddress,
                                    {std::string(how), userAgent});
  SignedIn signedIn;
  signedIn.token = issued.token;
  signedIn.username = user.username;
  signedIn.mustChangePassword = user.mustChangePassword;
  return signedIn;
}

Result<SignedIn> startSessionProvenElsewhere(db::Connection& db,
                                             const config::EnvironmentConfig& config,
                                             const User& user, const std::string& clientAddress,
                                             const std::string& correlationId, std::string_view how,
                                             const std::string& userAgent, TimePoint now) {
  if (user.disabled) {
    recordSecurityEvent(db, {"signin.disabled", user.id, user.username, clientAddress,
                             correlationId, std::string(how)});
    return Error::of(errors::kAccountDisabled, kAccountDisabledText);
  }
  auto signedIn = startSession(db, config, user, clientAddress, correlationId, how, userAgent, now);
  signedIn.mustChangePassword = false;
  return signedIn;
}

}  // namespace dossier::auth
