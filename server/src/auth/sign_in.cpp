#include "auth/sign_in.hpp"

#include <algorithm>

#include "auth/audit_log.hpp"
#include "auth/passwords.hpp"
#include "auth/sessions.hpp"
#include "auth/throttle.hpp"
#include "auth/users.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"

namespace dossier::auth {

namespace {

std::string lowerAscii(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

SecurityEvent event(std::string name, const SignInAttempt& attempt, std::string detail = {}) {
  return {std::move(name),
          std::nullopt,
          attempt.username.substr(0, kMaxCredentialLength),
          attempt.clientAddress,
          attempt.correlationId,
          std::move(detail)};
}

}  // namespace

Result<SignedIn> signIn(environments::Environment& environment, const SignInAttempt& attempt,
                        TimePoint now) {
  const auto& config = environment.config();
  if (attempt.username.empty() || attempt.password.empty()) {
    return Error::badRequest("auth.credentials_required",
                             "Please enter your username and password.");
  }
  if (attempt.username.size() > kMaxCredentialLength) {
    return Error::badRequest("auth.username_too_long",
                             "The username is too long: it can be at most 100 characters.");
  }
  if (attempt.password.size() > kMaxCredentialLength) {
    return Error::badRequest("auth.password_too_long",
                             "The password is too long: it can be at most 100 characters.");
  }
  const auto& methods = config.signIn.methods;
  if (std::find(methods.begin(), methods.end(), config::kOwnCredentials) == methods.end()) {
    return Error::forbidden("auth.method_disabled",
                            "Signing in with a username and password is not enabled here.");
  }

  const auto accountKey = lowerAscii(attempt.username);
  const auto& addressKey = attempt.clientAddress;
  const auto accountRules = accountLimits(config.signIn.throttle);
  const auto addressRules = addressLimits(config.signIn.throttle);

  std::optional<User> user;
  ThrottleState accountState;
  ThrottleState addressState;
  {
    auto db = environment.db().acquire();
    db::Transaction transaction(*db);
    accountState = loadThrottle(*db, ThrottleScope::Account, accountKey);
    addressState = loadThrottle(*db, ThrottleScope::Address, addressKey);
    const auto addressWait = remainingWait(addressState, now);
    const auto accountWait = remainingWait(accountState, now);
    if (addressWait || accountWait) {
      recordSecurityEvent(*db, event("signin.throttled", attempt));
      transaction.commit();
      return Error::tooManyRequests("auth.throttled", addressWait
                                                          ? describeWait(*addressWait, true)
                                                          : describeWait(*accountWait, false));
    }
    accountState = afterFailure(accountState, accountRules, now);
    addressState = afterFailure(addressState, addressRules, now);
    saveThrottle(*db, ThrottleScope::Account, accountKey, accountState);
    saveThrottle(*db, ThrottleScope::Address, addressKey, addressState);
    user = findUserByName(*db, attempt.username);
    transaction.commit();
  }

  // The slow part runs outside any transaction.
  bool valid = false;
  if (user && user->passwordHash) {
    valid = verifyPassword(*user->passwordHash, attempt.password);
  } else {
    verifyAgainstDummy(attempt.password);
  }

  auto db = environment.db().acquire();
  if (!valid) {
    recordSecurityEvent(
        *db, event("signin.failure", attempt, user ? "wrong password" : "unknown username"));
    std::string message = "The username or password is incorrect.";
    if (const auto wait = remainingWait(accountState, now);
        wait && *wait >= std::chrono::minutes(1)) {
      message += " " + describeWait(*wait, false);
    } else if (const auto addressWait = remainingWait(addressState, now);
               addressWait && *addressWait >= std::chrono::minutes(1)) {
      message += " " + describeWait(*addressWait, true);
    }
    return Error::unauthorized("auth.invalid_credentials", message);
  }

  db::Transaction transaction(*db);
  clearThrottle(*db, ThrottleScope::Account, accountKey);
  saveThrottle(*db, ThrottleScope::Address, addressKey, refundFailure(addressState, addressRules));
  auto record = event(user->disabled ? "signin.disabled" : "signin.success", attempt);
  record.userId = user->id;
  record.username = user->username;
  recordSecurityEvent(*db, record);
  if (user->disabled) {
    transaction.commit();
    return Error::forbidden("auth.account_disabled",
                            "Your account has been disabled. Please contact your system "
                            "administrator.");
  }
  const auto issued = createSession(*db, user->id, config.sessions, now, attempt.clientAddress);
  transaction.commit();
  return SignedIn{issued.token, user->username, user->mustChangePassword};
}

}  // namespace dossier::auth
