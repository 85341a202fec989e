#include "auth/windows_sign_in.hpp"

#include <algorithm>
#include <cctype>

#include <spdlog/spdlog.h>

#include "auth/audit_log.hpp"
#include "auth/errors.hpp"
#include "auth/negotiate.hpp"
#include "auth/session_start.hpp"
#include "auth/spent_proofs.hpp"
#include "auth/throttle.hpp"
#include "auth/users.hpp"
#include "core/crypto.hpp"
#include "core/text.hpp"
#include "db/connection.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"

namespace dossier::auth {

namespace {

// A token is accepted only within the clock skew Kerberos allows (five minutes by default) of
// when it was made: remembered twice as long, it cannot come back after being forgotten.
constexpr std::chrono::minutes kSpentTokenKept{10};

std::string lowered(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

Error refusal(std::string message) {
  return Error::of(errors::kWindowsRefused, std::move(message));
}

}  // namespace

std::optional<std::string> usernameOfPrincipal(const config::WindowsSignIn& settings,
                                               std::string_view principal, std::string& why) {
  const auto at = principal.rfind('@');
  if (at == std::string_view::npos || at == 0 || at + 1 == principal.size()) {
    why = "the principal '" + std::string(principal) + "' has no realm";
    return std::nullopt;
  }
  const auto realm = principal.substr(at + 1);
  const bool allowed =
      std::any_of(settings.realms.begin(), settings.realms.end(),
                  [&](const std::string& each) { return equalsIgnoringCase(each, realm); });
  if (!allowed) {
    why = "the realm " + std::string(realm) + " is not one of signIn.windows.realms";
    return std::nullopt;
  }
  std::string name(settings.stripRealm ? principal.substr(0, at) : principal);
  return settings.lowercase ? lowered(std::move(name)) : name;
}

Result<SignedIn> signInWithWindows(environments::Environment& environment,
                                   const WindowsAttempt& attempt, TimePoint now) {
  const auto& config = environment.config();
  const auto& settings = config.signIn.windows;
  {
    auto db = environment.db().acquire();
    if (auto heldBack = addressHeldBack(*db, attempt.clientAddress, now)) {
      return std::move(*heldBack);
    }
  }

  // GSSAPI reads the keytab and decrypts the ticket: no connection is held meanwhile.
  const auto accepted =
      acceptNegotiateToken(settings.keytab, settings.servicePrincipal, attempt.token);

  auto db = environment.db().acquire();
  db::Transaction transaction(*db);
  const auto fail = [&](std::string detail, std::string message, std::string username = {}) {
    // A keytab that does not match the domain's key refuses everyone: the log says why.
    spdlog::warn("windows sign-in refused: {} (cid={})", detail, attempt.correlationId);
    recordSecurityEvent(*db,
                        {"signin.failure", std::nullopt, std::move(username), attempt.clientAddress,
                         attempt.correlationId, "windows: " + std::move(detail)});
    countAddressFailure(*db, config.signIn.throttle, attempt.clientAddress, now);
    transaction.commit();
    return refusal(std::move(message));
  };
  if (!accepted.accepted) {
    if (accepted.expired) {
      return fail(accepted.problem,
                  "Your Windows sign-in has expired. Lock and unlock your computer (or sign in to "
                  "Windows again), then try again.");
    }
    return fail(accepted.problem,
                "Your Windows sign-in could not be verified. Please sign in with your username "
                "and password, or contact your system administrator.");
  }
  if (!spendProof(*db, "negotiate:" + sha256Hex(attempt.token), now + kSpentTokenKept, now)) {
    return fail("a token sent before, for " + accepted.principal,
                "This Windows sign-in was used already. Please try again.", accepted.principal);
  }
  std::string why;
  const auto username = usernameOfPrincipal(settings, accepted.principal, why);
  if (!username) {
    return fail(why,
                "Windows accounts of your domain cannot sign in here. Please sign in with your "
                "username and password, or contact your system administrator.",
                accepted.principal);
  }
  const auto user = findUserByName(*db, *username);
  if (!user) {
    return fail("no user " + *username + " for " + accepted.principal,
                "Your Windows account (" + accepted.principal +
                    ") is not a Dossier user. Please contact your system administrator for "
                    "access.",
                accepted.principal);
  }
  auto signedIn =
      startSessionProvenElsewhere(*db, config, *user, attempt.clientAddress, attempt.correlationId,
                                  "windows", attempt.userAgent, now);
  transaction.commit();
  return signedIn;
}

}  // namespace dossier::auth
