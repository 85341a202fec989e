#include "auth/change_password.hpp"

#include "auth/audit_log.hpp"
#include "auth/current_password.hpp"
#include "auth/errors.hpp"
#include "auth/hashing_queue.hpp"
#include "auth/password_policy.hpp"
#include "auth/passwords.hpp"
#include "auth/session_memory.hpp"
#include "auth/sign_in.hpp"
#include "auth/users.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"

namespace dossier::auth {

bool canChangePassword(const Session& session) {
  return session.hasPassword;
}

bool needsCurrentPassword(const Session& session, TimePoint now) {
  return !(session.mustChangePassword && now - session.signedInAt <= kForcedChangeGrace);
}

namespace {

SecurityEvent changeEvent(std::string name, const Session& session, const PasswordChange& change,
                          std::string detail = {}) {
  return {std::move(name),      session.userId,       session.username,
          change.clientAddress, change.correlationId, std::move(detail)};
}

}  // namespace

Status changePassword(environments::Environment& environment, const Session& session,
                      const PasswordChange& change, TimePoint now) {
  if (!canChangePassword(session)) {
    return Error::of(errors::kPasswordChangeNotAllowed, "Your password cannot be changed here.");
  }
  if (change.currentPassword && change.currentPassword->size() > kMaxCredentialLength) {
    return Error::of(errors::kPasswordTooLong,
                     "The current password can be at most 100 characters.")
        .withField("currentPassword", "At most 100 characters.");
  }
  if (change.newPassword.empty() || change.confirmNewPassword.empty()) {
    auto error = Error::of(errors::kPasswordRequired, "Enter the new password and confirm it.");
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
    return Error::of(errors::kPasswordTooLong, "The new password can be at most 50 characters.")
        .withField("newPassword", "At most 50 characters.");
  }
  if (change.newPassword != change.confirmNewPassword) {
    return Error::of(errors::kPasswordMismatch, "New password and confirm password do not match.")
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
    return Error::of(errors::kInvalidSession, "Your session is not valid. Please sign in again.");
  }
  if (needsCurrentPassword(session, now)) {
    if (auto current = proveCurrentPassword(
            environment, session, *user,
            {change.currentPassword, change.clientAddress, change.correlationId},
            {"password.change_throttled", "password.change_failure"}, now);
        !current) {
      return current;
    }
  }
  bool same = false;
  std::string hash;
  const bool hashed = hashingQueue().run(
      [&] {
        same = user->passwordHash && verifyPassword(*user->passwordHash, change.newPassword);
        if (!same) {
          hash = hashPassword(change.newPassword);
        }
      },
      HashingLane::GoodStanding);
  if (!hashed) {
    return busy();
  }
  if (same) {
    violations.push_back("It must be different from your current password.");
  }
  if (!violations.empty()) {
    return Error::of(errors::kPasswordPolicy, describePolicyViolations(violations));
  }

  {
    auto db = environment.db().acquire();
    db::Transaction transaction(*db);
    setPassword(*db, session.userId, hash, false);
    const int ended = revokeOtherSessions(*db, session.userId, session.sessionId, Clock::now());
    recordSecurityEvent(*db, changeEvent("password.changed", session, change,
                                         "other sessions ended: " + std::to_string(ended)));
    transaction.commit();
  }
  // With the connection given back: telling the other processes takes one.
  forgetSessions(environment);
  return {};
}

}  // namespace dossier::auth
