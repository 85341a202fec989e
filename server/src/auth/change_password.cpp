#include "auth/change_password.hpp"

#include "auth/audit_log.hpp"
#include "auth/password_policy.hpp"
#include "auth/passwords.hpp"
#include "auth/users.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"

namespace dossier::auth {

bool canChangePassword(const Session& session) {
  return session.hasPassword;
}

Status changePassword(environments::Environment& environment, const Session& session,
                      const PasswordChange& change) {
  if (!canChangePassword(session)) {
    return Error::forbidden("auth.password_change_not_allowed",
                            "Your password cannot be changed here.");
  }
  if (change.newPassword.empty() || change.confirmNewPassword.empty()) {
    auto error =
        Error::badRequest("auth.password_required", "Enter the new password and confirm it.");
    if (change.newPassword.empty()) {
      error.fieldErrors["newPassword"] = "Required";
    }
    if (change.confirmNewPassword.empty()) {
      error.fieldErrors["confirmNewPassword"] = "Required";
    }
    return error;
  }
  if (change.newPassword.size() > kMaxNewPasswordLength ||
      change.confirmNewPassword.size() > kMaxNewPasswordLength) {
    return Error::badRequest("auth.password_too_long",
                             "The new password can be at most 50 characters.")
        .withField("newPassword", "At most 50 characters.");
  }
  if (change.newPassword != change.confirmNewPassword) {
    return Error::badRequest("auth.password_mismatch",
                             "New password and confirm password do not match.")
        .withField("confirmNewPassword", "New password and confirm password do not match.");
  }

  auto violations = passwordPolicyViolations(environment.config().passwordPolicy,
                                             change.newPassword, session.username);
  std::optional<User> user;
  {
    auto db = environment.db().acquire();
    user = findUserById(*db, session.userId);
  }
  if (!user) {
    return Error::unauthorized("auth.invalid_session",
                               "Your session is not valid. Please sign in again.");
  }
  if (user->passwordHash && verifyPassword(*user->passwordHash, change.newPassword)) {
    violations.push_back("It must be different from your current password.");
  }
  if (!violations.empty()) {
    return Error::unprocessable("auth.password_policy", describePolicyViolations(violations));
  }

  const auto hash = hashPassword(change.newPassword);
  auto db = environment.db().acquire();
  db::Transaction transaction(*db);
  setPassword(*db, session.userId, hash, false);
  const int ended = revokeOtherSessions(*db, session.userId, session.sessionId, Clock::now());
  recordSecurityEvent(*db,
                      {"password.changed", session.userId, session.username, change.clientAddress,
                       change.correlationId, "other sessions ended: " + std::to_string(ended)});
  transaction.commit();
  return {};
}

}  // namespace dossier::auth
