#include "auth/two_factor_account.hpp"

#include "auth/audit_log.hpp"
#include "auth/current_password.hpp"
#include "auth/errors.hpp"
#include "auth/session_memory.hpp"
#include "auth/sessions.hpp"
#include "auth/totp.hpp"
#include "auth/two_factor_store.hpp"
#include "auth/users.hpp"
#include "core/crypto.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"

namespace dossier::auth {

namespace {

void audit(db::Connection& db, const api::Session& session, const AccountChange& change,
           std::string event, std::string detail = {}) {
  recordSecurityEvent(db, {std::move(event), session.userId, session.username, change.clientAddress,
                           change.correlationId, std::move(detail)});
}

Status offered(const environments::Environment& environment) {
  if (!environment.config().signIn.twoFactor.offered()) {
    return Error::of(errors::kTwoFactorOff,
                     "Two-step verification is not offered in this environment.");
  }
  return {};
}

// Refused once the person has given five wrong codes in a quarter hour (from a known address:
// they are signed in), as at sign-in.
Status tooManyWrongCodes(db::Connection& db, const api::Session& session, TimePoint now) {
  if (wrongCodesSince(db, session.userId, true, now - kWrongCodeWindow) < kMostWrongCodes) {
    return {};
  }
  return Error::of(errors::kThrottled,
                   "Too many wrong codes. Please try again in a quarter of an hour.")
      .withRetryAfter(std::chrono::seconds(kWrongCodeWindow).count());
}

// The current code of someone who has a second factor, taken once; or one of their recovery
// codes. Wrong codes count as at sign-in (from a known address: they are signed in).
Status proven(db::Connection& db, const api::Session& session, const AccountChange& change,
              TimePoint now) {
  const auto stored = secondFactorOf(db, session.userId);
  if (!stored) {
    return {};
  }
  if (auto limit = tooManyWrongCodes(db, session, now); !limit) {
    return limit;
  }
  if (change.code.empty()) {
    return Error::of(errors::kCodeRequired, "Enter the code your authenticator app shows now.")
        .withField("code", "Enter the code.");
  }
  if (const auto step = acceptedStep(stored->secret, change.code, now, stored->lastStep);
      step && takeStep(db, session.userId, *step)) {
    return {};
  }
  if (spendRecoveryCode(db, session.userId, change.code, now)) {
    return {};
  }
  recordWrongCode(db, session.userId, true, now);
  audit(db, session, change, "twofactor.code_wrong");
  return Error::of(errors::kCurrentCodeWrong,
                   "That code is not right. Enter the code your authenticator app shows now.")
      .withField("code", "Not right.");
}

// Ends the person's other sessions and tells every process; after the change has committed.
void endOtherSessions(environments::Environment& environment, const api::Session& session,
                      TimePoint now) {
  {
    auto db = environment.db().acquire();
    revokeOtherSessions(*db, session.userId, session.sessionId, now);
  }
  forgetSessions(environment);
}

}  // namespace

TwoFactorStatus twoFactorStatus(environments::Environment& environment,
                                const api::Session& session) {
  TwoFactorStatus status;
  const auto& policy = environment.config().signIn.twoFactor;
  status.offered = policy.offered();
  auto db = environment.db().acquire();
  if (const auto user = findUserById(*db, session.userId)) {
    status.required = twoFactorRequiredOf(policy, environment.catalog(), *user);
  }
  if (const auto stored = secondFactorOf(*db, session.userId)) {
    status.enabled = true;
    status.confirmedAt = stored->confirmedAt;
    status.recoveryCodesLeft = recoveryCodesLeft(*db, session.userId);
  }
  return status;
}

Result<NewSecret> beginChange(environments::Environment& environment, const api::Session& session,
                              const AccountChange& change, TimePoint now) {
  if (auto on = offered(environment); !on) {
    return std::move(on).error();
  }
  std::optional<User> withoutFactor;
  {
    auto db = environment.db().acquire();
    if (!secondFactorOf(*db, session.userId)) {
      withoutFactor = findUserById(*db, session.userId);
      if (!withoutFactor) {
        return Error::of(errors::kInvalidSession,
                         "Your session is not valid. Please sign in again.");
      }
    }
  }
  if (withoutFactor) {
    if (auto proved = proveCurrentPassword(
            environment, session, *withoutFactor,
            {change.currentPassword, change.clientAddress, change.correlationId},
            {"twofactor.password_throttled", "twofactor.password_wrong"}, now);
        !proved) {
      return std::move(proved).error();
    }
  }
  const auto bytes = randomBytes(kTotpSecretBytes);
  const std::string secret(bytes.begin(), bytes.end());
  NewSecret out;
  {
    auto db = environment.db().acquire();
    db::Transaction transaction(*db);
    auto checked = proven(*db, session, change, now);
    if (!checked) {
      transaction.commit();
      return std::move(checked).error();
    }
    out.setupToken =
        issueTicket(*db, session.userId, TicketPurpose::Change, true, change.clientAddress, now);
    setPendingSecret(*db, hashToken(out.setupToken), secret);
    transaction.commit();
  }
  out.secret = secretToSetUp(environment.config(), session.username, secret);
  return out;
}

Result<std::vector<std::string>> confirmChange(environments::Environment& environment,
                                               const api::Session& session,
                                               const std::string& setupToken,
                                               const AccountChange& change, TimePoint now) {
  std::vector<std::string> codes;
  {
    auto db = environment.db().acquire();
    db::Transaction transaction(*db);
    const auto ticket = findTicket(*db, setupToken, now);
    if (!ticket || ticket->purpose != TicketPurpose::Change || ticket->userId != session.userId ||
        !ticket->pendingSecret) {
      return Error::of(errors::kSetupNotStarted,
                       "This setup has ended. Please start again: a new QR code is made.");
    }
    if (auto limit = tooManyWrongCodes(*db, session, now); !limit) {
      return std::move(limit).error();
    }
    const auto step = acceptedStep(*ticket->pendingSecret, change.code, now, 0);
    if (!step) {
      recordWrongCode(*db, session.userId, true, now);
      audit(*db, session, change, "twofactor.code_wrong", "new secret");
      transaction.commit();
      return Error::of(errors::kCurrentCodeWrong,
                       "That code is not right. Check that the app shows the new entry, and "
                       "enter the code it shows now.")
          .withField("code", "Not right.");
    }
    const bool had = secondFactorOf(*db, session.userId).has_value();
    keepSecondFactor(*db, session.userId, *ticket->pendingSecret, *step, now);
    codes = replaceRecoveryCodes(*db, session.userId);
    spendTicket(*db, ticket->tokenHash);
    audit(*db, session, change, had ? "twofactor.changed" : "twofactor.setup", "from the menu");
    transaction.commit();
  }
  endOtherSessions(environment, session, now);
  return codes;
}

Result<std::vector<std::string>> renewRecoveryCodes(environments::Environment& environment,
                                                    const api::Session& session,
                                                    const AccountChange& change, TimePoint now) {
  std::vector<std::string> codes;
  {
    auto db = environment.db().acquire();
    db::Transaction transaction(*db);
    if (!secondFactorOf(*db, session.userId)) {
      return Error::of(errors::kTwoFactorOff, "Set up two-step verification first.");
    }
    auto checked = proven(*db, session, change, now);
    if (!checked) {
      transaction.commit();
      return std::move(checked).error();
    }
    codes = replaceRecoveryCodes(*db, session.userId);
    audit(*db, session, change, "twofactor.recovery_codes");
    transaction.commit();
  }
  return codes;
}

Status turnOff(environments::Environment& environment, const api::Session& session,
               const AccountChange& change, TimePoint now) {
  {
    auto db = environment.db().acquire();
    db::Transaction transaction(*db);
    const auto user = findUserById(*db, session.userId);
    if (user &&
        twoFactorRequiredOf(environment.config().signIn.twoFactor, environment.catalog(), *user)) {
      return Error::of(errors::kTwoFactorRequired,
                       "Two-step verification is required for you here: it can be moved to a new "
                       "phone, not turned off.");
    }
    if (!secondFactorOf(*db, session.userId)) {
      return {};
    }
    auto checked = proven(*db, session, change, now);
    if (!checked) {
      transaction.commit();
      return checked;
    }
    removeSecondFactor(*db, session.userId);
    audit(*db, session, change, "twofactor.off");
    transaction.commit();
  }
  endOtherSessions(environment, session, now);
  return {};
}

}  // namespace dossier::auth
