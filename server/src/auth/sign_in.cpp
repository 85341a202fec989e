#include "auth/sign_in.hpp"

#include <algorithm>

#include "auth/account_alert.hpp"
#include "auth/audit_log.hpp"
#include "auth/check_times.hpp"
#include "auth/errors.hpp"
#include "auth/hashing_queue.hpp"
#include "auth/known_addresses.hpp"
#include "auth/password_attempt.hpp"
#include "auth/passwords.hpp"
#include "auth/session_start.hpp"
#include "auth/sessions.hpp"
#include "auth/two_factor.hpp"
#include "auth/users.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"
#include "metrics/registry.hpp"

namespace dossier::auth {

namespace {

using Steady = std::chrono::steady_clock;

// `now` is the time the request came with; what took time since is added to it.
Clock::duration since(Steady::time_point started) {
  return std::chrono::duration_cast<Clock::duration>(Steady::now() - started);
}

SecurityEvent event(std::string name, const SignInAttempt& attempt, std::string detail = {}) {
  return {std::move(name),
          std::nullopt,
          attempt.username.substr(0, kMaxCredentialLength),
          attempt.clientAddress,
          attempt.correlationId,
          std::move(detail)};
}

// A wrong password or an unknown username, once counted: one answer for both, given at
// `answered`, from when the wait it brings runs.
Error refused(environments::Environment& environment, db::Connection& db,
              const SignInAttempt& attempt, PasswordAttempt& check, bool userExists,
              TimePoint answered) {
  recordSecurityEvent(
      db, event("signin.failure", attempt, userExists ? "wrong password" : "unknown username"));
  const auto failure = check.failed(db, answered);
  if (failure.accountAlert) {
    announceAccountUnderAttack(environment, db, attempt, failure.accountFailures, answered);
  }
  std::string message = "The username or password is incorrect.";
  if (!failure.waitSentence.empty()) {
    message += " " + failure.waitSentence;
  }
  return Error::of(errors::kInvalidCredentials, message);
}

// The throttle, the password and the session, once the attempt has its place in the queue.
Result<SignedIn> checkCredentials(environments::Environment& environment,
                                  const SignInAttempt& attempt, PasswordAttempt& check,
                                  const std::optional<User>& user, TimePoint now) {
  const auto& config = environment.config();
  const auto started = Steady::now();
  {
    auto db = environment.db().acquire();
    db::Transaction transaction(*db);
    if (auto allowed = check.begin(*db, now); !allowed) {
      recordSecurityEvent(*db, event("signin.throttled", attempt));
      transaction.commit();
      return std::move(allowed).error();
    }
    transaction.commit();
  }

  // Timed from the place taken to the answer, so that refuseWithoutHash can take as long.
  struct Timing {
    Steady::time_point started;
    ~Timing() {
      checkTimes().record(
          std::chrono::duration_cast<std::chrono::microseconds>(Steady::now() - started));
    }
  } timing{started};

  // The slow part runs outside any transaction and without a database connection.
  bool valid = false;
  if (user && user->passwordHash) {
    valid = verifyPassword(*user->passwordHash, attempt.password);
  } else {
    verifyAgainstDummy(attempt.password);
  }
  auto db = environment.db().acquire();
  if (!valid) {
    db::Transaction transaction(*db);
    auto error = refused(environment, *db, attempt, check, user.has_value(), now + since(started));
    transaction.commit();
    return error;
  }

  db::Transaction transaction(*db);
  check.succeeded(*db);
  if (user->disabled) {
    auto record = event("signin.disabled", attempt);
    record.userId = user->id;
    record.username = user->username;
    recordSecurityEvent(*db, record);
    transaction.commit();
    return Error::of(errors::kAccountDisabled, kAccountDisabledText);
  }
  // The password is right; a second factor may still be to come (two_factor.hpp).
  if (auto ticket = secondFactorTicket(*db, environment, *user, attempt.clientAddress,
                                       attempt.correlationId, now)) {
    transaction.commit();
    return std::move(*ticket);
  }
  auto signedIn = startSession(*db, config, *user, attempt.clientAddress, attempt.correlationId,
                               "password", attempt.userAgent, now);
  transaction.commit();
  return signedIn;
}

Error heldUntil(Error error, Steady::time_point until) {
  const auto left = std::chrono::ceil<std::chrono::milliseconds>(until - Steady::now());
  return std::move(error).withHold(std::max(left, std::chrono::milliseconds(0)));
}

// A username with no password to check (none such, or one who signs in another way) is refused
// without spending a hash, and without a place in the queue: a flood of made-up usernames costs
// no CPU. So that its answer cannot be told from a wrong password's, it follows the same rules up
// to the hash — the same throttle, a 503 when the lane it would wait in is full — and it is held
// for as long as a check would take now: the wait for a place in that lane, then a check's time.
Result<SignedIn> refuseWithoutHash(environments::Environment& environment,
                                   const SignInAttempt& attempt, PasswordAttempt& check,
                                   Steady::time_point arrived, TimePoint now) {
  const auto lane = check.lane();
  const auto ahead = hashingQueue().placeFor(lane);
  if (!ahead) {
    return busy();
  }
  const auto took = checkTimes().sample();
  const auto waited = expectedWait(*ahead, hashingQueue().runningPlaces(lane), took);
  auto db = environment.db().acquire();
  db::Transaction transaction(*db);
  if (auto allowed = check.begin(*db, now); !allowed) {
    recordSecurityEvent(*db, event("signin.throttled", attempt));
    transaction.commit();
    return heldUntil(std::move(allowed).error(), arrived + waited);
  }
  // The wait this brings runs from when the held answer goes out.
  auto error = refused(environment, *db, attempt, check, false,
                       now + std::chrono::duration_cast<Clock::duration>(waited + took));
  transaction.commit();
  return heldUntil(std::move(error), arrived + waited + took);
}

}  // namespace

Error busy() {
  return Error::of(errors::kBusy,
                   "Many people are signing in right now. Please try again in a few "
                   "seconds.")
      .withRetryAfter(kHashingRetryAfterSeconds);
}

namespace {

Result<SignedIn> attemptSignIn(environments::Environment& environment, const SignInAttempt& attempt,
                               TimePoint now) {
  const auto& config = environment.config();
  if (attempt.username.empty() || attempt.password.empty()) {
    return Error::of(errors::kCredentialsRequired, "Please enter your username and password.");
  }
  if (attempt.username.size() > kMaxCredentialLength) {
    return Error::of(errors::kUsernameTooLong,
                     "The username is too long: it can be at most 100 characters.");
  }
  if (attempt.password.size() > kMaxCredentialLength) {
    return Error::of(errors::kPasswordTooLong,
                     "The password is too long: it can be at most 100 characters.");
  }
  const auto& methods = config.signIn.methods;
  if (std::find(methods.begin(), methods.end(), config::kOwnCredentials) == methods.end()) {
    return Error::of(errors::kMethodDisabled,
                     "Signing in with a username and password is not enabled here.");
  }

  // Before the queue, reads only: who the user is, whether this address is known for them, and
  // whether the attempt must wait. A throttled attempt is answered without taking a place, and the
  // rest take the lane their standing gives them.
  const auto arrived = Steady::now();
  std::optional<User> user;
  std::optional<PasswordAttempt> check;
  {
    auto db = environment.db().acquire();
    user = findUserByName(*db, attempt.username);
    const bool known = user && isKnownAddress(*db, user->id, attempt.clientAddress, now,
                                              config.signIn.throttle.knownAddressFor);
    check.emplace(config.signIn.throttle, attempt.username, attempt.clientAddress,
                  known || attempt.botCheckPassed);
    if (auto allowed = check->mayTry(*db, now); !allowed) {
      recordSecurityEvent(*db, event("signin.throttled", attempt));
      return std::move(allowed).error();
    }
  }
  if ((!user || !user->passwordHash) && checkTimes().ready()) {
    return refuseWithoutHash(environment, attempt, *check, arrived, now);
  }

  // The check runs in hashing's own bounded queue: a flood of sign-ins waits there, or is turned
  // away at once with nothing written, instead of taking the workers, the database and the memory
  // that everyone else's requests need.
  std::optional<Result<SignedIn>> outcome;
  const bool ran = hashingQueue().run(
      [&] { outcome = checkCredentials(environment, attempt, *check, user, now); }, check->lane());
  if (!ran) {
    return busy();
  }
  return std::move(*outcome);
}

// For /metrics: a rise of wrong passwords or throttled attempts is how an attack on the sign-in
// shows, and a rise of busy answers a sign-in queue too small for its people.
void countFailure(const environments::Environment& environment, const Error& error) {
  constexpr std::string_view kPrefix = "auth.";
  const std::string_view code = error.code;
  metrics::processRegistry()
      .counter("dossier_sign_in_failures_total",
               "Sign-ins refused, by environment and reason (the error code without its "
               "auth. prefix: invalid_credentials, throttled, account_disabled, busy …).",
               {"environment", "reason"})
      .with({environment.key(), code.starts_with(kPrefix) ? code.substr(kPrefix.size()) : code})
      .increment();
}

}  // namespace

Result<SignedIn> signIn(environments::Environment& environment, const SignInAttempt& attempt,
                        TimePoint now) {
  auto outcome = attemptSignIn(environment, attempt, now);
  if (!outcome) {
    countFailure(environment, outcome.error());
  }
  return outcome;
}

}  // namespace dossier::auth
