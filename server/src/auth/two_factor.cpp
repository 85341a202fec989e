#include "auth/two_factor.hpp"

#include <algorithm>
#include <limits>

#include "auth/audit_log.hpp"
#include "auth/errors.hpp"
#include "auth/known_addresses.hpp"
#include "auth/qr_code.hpp"
#include "auth/session_memory.hpp"
#include "auth/session_start.hpp"
#include "auth/sessions.hpp"
#include "auth/totp.hpp"
#include "auth/two_factor_store.hpp"
#include "core/crypto.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"
#include "types/entity_type.hpp"

namespace dossier::auth {

namespace {

Error ticketEnded(std::string message = "Your sign-in has ended. Please sign in again.") {
  return Error::of(errors::kTicketEnded, std::move(message));
}

Error wrongCode(std::string message) {
  return Error::of(errors::kCodeWrong, std::move(message));
}

// The ticket of the attempt, for its purpose, and its user, who must still be able to sign in.
struct Ticketed {
  SignInTicket ticket;
  User user;
};
Result<Ticketed> ticketed(db::Connection& db, const std::string& token, TicketPurpose purpose,
                          TimePoint now) {
  auto ticket = findTicket(db, token, now);
  if (!ticket || ticket->purpose != purpose) {
    return ticketEnded();
  }
  auto user = findUserById(db, ticket->userId);
  if (!user || user->disabled) {
    spendTicket(db, ticket->tokenHash);
    return ticketEnded();
  }
  return Ticketed{std::move(*ticket), std::move(*user)};
}

void audit(db::Connection& db, const User& user, const SecondFactorAttempt& attempt,
           std::string event, std::string detail = {}) {
  recordSecurityEvent(db, {std::move(event), user.id, user.username, attempt.clientAddress,
                           attempt.correlationId, std::move(detail)});
}

// Too many wrong codes lately from this kind of address: the account's tickets end, and the
// person starts again from the password once the quarter hour has passed.
std::optional<Error> tooManyWrongCodes(db::Connection& db, const Ticketed& found, TimePoint now) {
  if (wrongCodesSince(db, found.user.id, found.ticket.knownAddress, now - kWrongCodeWindow) <
      kMostWrongCodes) {
    return std::nullopt;
  }
  endTickets(db, found.user.id);
  return ticketEnded("Too many wrong codes. Please wait a quarter of an hour, then sign in again.");
}

// The ticket of a code step, unless it has ended or the account has had too many wrong codes
// lately from that kind of address (the ticket then ends).
Result<Ticketed> ticketForCode(db::Connection& db, const std::string& token, TicketPurpose purpose,
                               TimePoint now) {
  auto found = ticketed(db, token, purpose, now);
  if (!found) {
    return found;
  }
  if (auto limit = tooManyWrongCodes(db, *found, now)) {
    return std::move(*limit);
  }
  return found;
}

// A wrong code counted; the answer says what to do, and ends the ticket at the limit.
Error refusedCode(db::Connection& db, const Ticketed& found, const SecondFactorAttempt& attempt,
                  std::string message, TimePoint now) {
  recordWrongCode(db, found.user.id, found.ticket.knownAddress, now);
  audit(db, found.user, attempt, "signin.code_wrong");
  if (auto limit = tooManyWrongCodes(db, found, now)) {
    return std::move(*limit);
  }
  return wrongCode(std::move(message));
}

Status codeGiven(const SecondFactorAttempt& attempt, bool recoveryAllowed) {
  if (attempt.code.size() > 64 || attempt.recoveryCode.size() > 64) {
    return Error::of(errors::kCodeWrong, "That code is too long to be one.");
  }
  if (attempt.code.empty() && (!recoveryAllowed || attempt.recoveryCode.empty())) {
    return Error::of(errors::kCodeRequired, "Enter the code from your authenticator app.");
  }
  return {};
}

}  // namespace

bool twoFactorRequiredOf(const config::TwoFactorPolicy& policy, const types::Catalog& catalog,
                         const User& user) {
  using Mode = config::TwoFactorPolicy::Mode;
  if (policy.mode == Mode::Required) {
    return true;
  }
  if (policy.mode == Mode::Off || policy.requiredGroups.empty()) {
    return false;
  }
  const auto groups = catalog.groupsOf(user.username);
  return std::any_of(policy.requiredGroups.begin(), policy.requiredGroups.end(),
                     [&](const std::string& group) { return groups.count(group) > 0; });
}

std::optional<SignedIn> secondFactorTicket(db::Connection& db,
                                           environments::Environment& environment, const User& user,
                                           const std::string& clientAddress,
                                           const std::string& correlationId, TimePoint now) {
  const auto& config = environment.config();
  const auto& policy = config.signIn.twoFactor;
  if (!policy.offered()) {
    return std::nullopt;
  }
  const bool has = secondFactorOf(db, user.id).has_value();
  if (!has && !twoFactorRequiredOf(policy, environment.catalog(), user)) {
    return std::nullopt;
  }
  const bool known =
      isKnownAddress(db, user.id, clientAddress, now, config.signIn.throttle.knownAddressFor);
  SignedIn answer;
  answer.username = user.username;
  answer.next = has ? "2fa" : "2fasetup";
  answer.ticket = issueTicket(db, user.id, has ? TicketPurpose::Code : TicketPurpose::Setup, known,
                              clientAddress, now);
  recordSecurityEvent(db, {"signin.password_accepted", user.id, user.username, clientAddress,
                           correlationId, has ? "code next" : "setup next"});
  return answer;
}

Result<SignedIn> signInWithCode(environments::Environment& environment,
                                const SecondFactorAttempt& attempt, TimePoint now) {
  if (auto given = codeGiven(attempt, true); !given) {
    return std::move(given).error();
  }
  auto db = environment.db().acquire();
  db::Transaction transaction(*db);
  auto found = ticketForCode(*db, attempt.ticket, TicketPurpose::Code, now);
  if (!found) {
    transaction.commit();
    return std::move(found).error();
  }
  const auto& user = found->user;
  std::optional<int> recoveryLeft;
  std::string how;
  if (!attempt.code.empty()) {
    const auto stored = secondFactorOf(*db, user.id);
    if (!stored) {
      // Reset since the password step: it is asked for again from the start.
      spendTicket(*db, found->ticket.tokenHash);
      transaction.commit();
      return ticketEnded("Your two-step verification was reset. Please sign in again.");
    }
    const auto step = acceptedStep(stored->secret, attempt.code, now, stored->lastStep);
    if (!step || !takeStep(*db, user.id, *step)) {
      const bool used = !step && acceptedStep(stored->secret, attempt.code, now,
                                              std::numeric_limits<std::int64_t>::min())
                                     .has_value();
      auto error = refusedCode(
          *db, *found, attempt,
          used ? "That code has been used already. Wait for the next one."
               : "That code is not right. Enter the code your authenticator app shows now.",
          now);
      transaction.commit();
      return error;
    }
    how = "two-factor code";
  } else {
    if (!spendRecoveryCode(*db, user.id, attempt.recoveryCode, now)) {
      auto error = refusedCode(*db, *found, attempt,
                               "That recovery code is not right, or has been used already.", now);
      transaction.commit();
      return error;
    }
    recoveryLeft = recoveryCodesLeft(*db, user.id);
    how = "recovery code";
  }
  if (!spendTicket(*db, found->ticket.tokenHash)) {
    transaction.commit();
    return ticketEnded();
  }
  auto signedIn = startSession(*db, environment.config(), user, attempt.clientAddress,
                               attempt.correlationId, how, attempt.userAgent, now);
  signedIn.recoveryCodesLeft = recoveryLeft;
  transaction.commit();
  return signedIn;
}

SecretToSetUp secretToSetUp(const config::EnvironmentConfig& config, const std::string& username,
                            const std::string& secret) {
  SecretToSetUp out;
  out.issuer = config.displayName.empty() ? "Dossier" : config.displayName;
  out.account = username;
  const auto base32 = base32Encode(secret);
  out.secret = groupedSecret(base32);
  out.otpauthUri = otpauthUri(out.issuer, out.account, base32);
  out.qrCodeSvg = qrCodeSvg(out.otpauthUri);
  return out;
}

Result<SecretToSetUp> startSetup(environments::Environment& environment, const std::string& ticket,
                                 TimePoint now) {
  auto db = environment.db().acquire();
  db::Transaction transaction(*db);
  auto found = ticketed(*db, ticket, TicketPurpose::Setup, now);
  if (!found) {
    transaction.commit();
    return std::move(found).error();
  }
  auto secret = found->ticket.pendingSecret.value_or("");
  if (secret.empty()) {
    const auto bytes = randomBytes(kTotpSecretBytes);
    secret.assign(bytes.begin(), bytes.end());
    setPendingSecret(*db, found->ticket.tokenHash, secret);
  }
  transaction.commit();
  return secretToSetUp(environment.config(), found->user.username, secret);
}

Result<SetUpAndSignedIn> confirmSetup(environments::Environment& environment,
                                      const SecondFactorAttempt& attempt, TimePoint now) {
  if (auto given = codeGiven(attempt, false); !given) {
    return std::move(given).error();
  }
  auto done = [&]() -> Result<SetUpAndSignedIn> {
    auto db = environment.db().acquire();
    db::Transaction transaction(*db);
    auto found = ticketForCode(*db, attempt.ticket, TicketPurpose::Setup, now);
    if (!found) {
      transaction.commit();
      return std::move(found).error();
    }
    const auto secret = found->ticket.pendingSecret.value_or("");
    if (secret.empty()) {
      return Error::of(errors::kSetupNotStarted,
                       "Start the setup first: scan the QR code, then enter the code it shows.");
    }
    const auto step = acceptedStep(secret, attempt.code, now, 0);
    if (!step) {
      auto error = refusedCode(*db, *found, attempt,
                               "That code is not right. Check that the app shows the new entry, "
                               "and enter the code it shows now.",
                               now);
      transaction.commit();
      return error;
    }
    const auto& user = found->user;
    keepSecondFactor(*db, user.id, secret, *step, now);
    auto codes = replaceRecoveryCodes(*db, user.id);
    endTickets(*db, user.id);
    // A new second factor: whatever was signed in before it ends.
    revokeAllSessions(*db, user.id, now);
    audit(*db, user, attempt, "twofactor.setup", "at sign-in");
    auto signedIn =
        startSession(*db, environment.config(), user, attempt.clientAddress, attempt.correlationId,
                     "two-factor set up", attempt.userAgent, now);
    transaction.commit();
    return SetUpAndSignedIn{std::move(signedIn), std::move(codes)};
  }();
  if (done) {
    // With the connection given back: telling the other processes takes one.
    forgetSessions(environment);
  }
  return done;
}

}  // namespace dossier::auth
