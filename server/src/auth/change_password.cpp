#include "auth/change_password.hpp"

#include "auth/audit_log.hpp"
#include "auth/errors.hpp"
#include "auth/hashing_queue.hpp"
#include "auth/known_addresses.hpp"
#include "auth/password_attempt.hpp"
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

// The current password, where the change needs it, checked like a sign-in: slowed down by earlier
// failures of the account from this address, and counted as one when wrong.
Status checkCurrentPassword(environments::Environment& environment, const Session& session,
                            const PasswordChange& change, const User& user, TimePoint now) {
  if (!needsCurrentPassword(session, now)) {
    return {};
  }
  if (!change.currentPassword || change.currentPassword->empty()) {
    return Error::of(errors::kCurrentPasswordRequired, "Enter your current password.")
        .withField("currentPassword", "Required");
  }
  const auto& policy = environment.config().signIn.throttle;
  std::optional<PasswordAttempt> check;
  {
    auto db = environment.db().acquire();
    check.emplace(policy, user.username, change.clientAddress,
                  isKnownAddress(*db, user.id, change.clientAddress, now, policy.knownAddressFor));
    db::Transaction transaction(*db);
    if (auto allowed = check->begin(*db, now); !allowed) {
      recordSecurityEvent(*db, changeEvent("password.change_throttled", session, change));
      transaction.commit();
      return allowed;
    }
    transaction.commit();
  }
  const auto checkStarted = std::chrono::steady_clock::now();
  // Whoever changes a password holds a session: they signed in, and their check does not wait
  // behind a flood of others' failing sign-ins.
  bool valid = false;
  const bool hashed = hashingQueue().run(
      [&] {
        valid = user.passwordHash && verifyPassword(*user.passwordHash, *change.currentPassword);
      },
      HashingLane::GoodStanding);
  auto db = environment.db().acquire();
  db::Transaction transaction(*db);
  if (!hashed) {
    check->notChecked(*db);
    transaction.commit();
    return busy();
  }
  if (!valid) {
    recordSecurityEvent(
        *db, changeEvent("password.change_failure", session, change, "wrong current password"));
    const auto failure =
        check->failed(*db, now + std::chrono::duration_cast<Clock::duration>(
                                     std::chrono::steady_clock::now() - checkStarted));
    transaction.commit();
    return Error::of(errors::kCurrentPasswordWrong,
                     failure.waitSentence.empty()
                         ? "The current password is not right."
                         : "The current password is not right. " + failure.waitSentence)
        .withField("currentPassword", "The current password is not right.");
  }
  check->succeeded(*db);
  transaction.commit();
  return {};
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
  if (auto current = checkCurrentPassword(environment, session, change, *user, now); !current) {
    return current;
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
