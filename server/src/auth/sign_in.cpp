#include "auth/sign_in.hpp"

#include <algorithm>

#include <spdlog/spdlog.h>

#include "auth/audit_log.hpp"
#include "auth/hashing_queue.hpp"
#include "auth/password_attempt.hpp"
#include "auth/passwords.hpp"
#include "auth/sessions.hpp"
#include "auth/users.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"

namespace dossier::auth {

namespace {

SecurityEvent event(std::string name, const SignInAttempt& attempt, std::string detail = {}) {
  return {std::move(name),
          std::nullopt,
          attempt.username.substr(0, kMaxCredentialLength),
          attempt.clientAddress,
          attempt.correlationId,
          std::move(detail)};
}

// Said once a window, when the account's failures from all addresses reach the alert mark.
void announceAttack(db::Connection& db, const SignInAttempt& attempt, int failures,
                    std::chrono::seconds window) {
  recordSecurityEvent(db, event("signin.account_under_attack", attempt,
                                std::to_string(failures) +
                                    " failed sign-ins within the window; every address now waits "
                                    "from its first failure"));
  spdlog::warn("sign-in: {} failed attempts on account '{}' within {} s (cid={})", failures,
               attempt.username.substr(0, kMaxCredentialLength), window.count(),
               attempt.correlationId);
}

// The throttle, the password and the session, once the attempt has its place in the queue.
Result<SignedIn> checkCredentials(environments::Environment& environment,
                                  const SignInAttempt& attempt, TimePoint now) {
  const auto& config = environment.config();
  PasswordAttempt check(config.signIn.throttle, attempt.username, attempt.clientAddress);
  std::optional<User> user;
  {
    auto db = environment.db().acquire();
    db::Transaction transaction(*db);
    if (auto allowed = check.begin(*db, now); !allowed) {
      recordSecurityEvent(*db, event("signin.throttled", attempt));
      transaction.commit();
      return std::move(allowed).error();
    }
    user = findUserByName(*db, attempt.username);
    transaction.commit();
  }

  // The slow part runs outside any transaction and without a database connection.
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
    const auto failure = check.failed(now);
    if (failure.accountAlert) {
      announceAttack(*db, attempt, failure.accountFailures,
                     environment.config().signIn.throttle.window);
    }
    std::string message = "The username or password is incorrect.";
    if (!failure.waitSentence.empty()) {
      message += " " + failure.waitSentence;
    }
    return Error::unauthorized("auth.invalid_credentials", message);
  }

  db::Transaction transaction(*db);
  check.succeeded(*db);
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

}  // namespace

Error busy() {
  return Error::unavailable("auth.busy",
                            "Many people are signing in right now. Please try again in a few "
                            "seconds.")
      .withRetryAfter(kHashingRetryAfterSeconds);
}

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

  // The whole check runs in hashing's own bounded queue: a flood of sign-ins waits there, or is
  // turned away at once with nothing read or written, instead of taking the workers, the
  // database and the memory that everyone else's requests need.
  std::optional<Result<SignedIn>> outcome;
  if (!hashingQueue().run([&] { outcome = checkCredentials(environment, attempt, now); })) {
    return busy();
  }
  return std::move(*outcome);
}

}  // namespace dossier::auth
