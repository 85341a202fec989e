#include "auth/directory_sign_in.hpp"

#include <algorithm>
#include <cctype>

#include <boost/json.hpp>
#include <spdlog/spdlog.h>

#include "auth/audit_log.hpp"
#include "auth/directory_client.hpp"
#include "auth/directory_groups.hpp"
#include "auth/directory_identities.hpp"
#include "auth/directory_sign_in_store.hpp"
#include "auth/errors.hpp"
#include "auth/id_token.hpp"
#include "auth/session_start.hpp"
#include "auth/throttle.hpp"
#include "auth/users.hpp"
#include "config/environment_config.hpp"
#include "core/crypto.hpp"
#include "core/text.hpp"
#include "db/connection.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"

namespace dossier::auth {

namespace {

namespace json = boost::json;

// As long as a person may take at the directory's pages (a password forgotten, a phone found).
constexpr auto kSignInLasts = std::chrono::minutes(10);
constexpr std::size_t kDirectoryTextKept = 200;

std::string hashOf(std::string_view key) {
  return sha256Hex(key);
}

// The directory's own words about why it refused, made safe to show: printable, short.
std::string shownText(std::string_view text) {
  std::string shown;
  for (const char c : text) {
    if (shown.size() == kDirectoryTextKept) {
      shown += "…";
      break;
    }
    shown += std::isprint(static_cast<unsigned char>(c)) != 0 || (c & 0x80) != 0 ? c : ' ';
  }
  return shown;
}

// How a sign-in through the registration is named in the audit and the sessions list.
std::string methodOf(const std::string& registrationId) {
  return std::string(config::kAzure) + ":" + registrationId;
}

// A refusal at the callback: logged with the detail, audited, counted against the address like a
// wrong password, and kept for the browser with the text for the person.
void refuse(db::Connection& db, const config::EnvironmentConfig& config,
            const config::AzureRegistration& registration, const DirectoryReturn& answer,
            const std::string& browserKeyHash, const std::string& detail,
            const std::string& message, const std::string& username = {}) {
  spdlog::warn("{} sign-in refused: {} (cid={})", methodOf(registration.id), detail,
               answer.correlationId);
  recordSecurityEvent(db, {"signin.failure", std::nullopt, username, answer.clientAddress,
                           answer.correlationId, methodOf(registration.id) + ": " + detail});
  countAddressFailure(db, config.signIn.throttle, answer.clientAddress, Clock::now());
  recordDirectoryOutcome(db, browserKeyHash, std::nullopt, message);
}

std::string unverifiedText(const config::AzureRegistration& registration) {
  return "Your sign-in with " + registration.name +
         " could not be verified. Please try again, or contact your system administrator.";
}

struct Proof {
  std::optional<json::object> claims;
  std::string detail;   // why not, for the log
  std::string message;  // why not, for the person
};

// The directory's code, exchanged and its ID token checked: no database connection is held
// meanwhile (the directory may take seconds).
Proof proveAtDirectory(environments::Environment& environment,
                       const config::AzureRegistration& registration,
                       const PendingDirectorySignIn& pending, const std::string& code,
                       TimePoint now) {
  auto endpoints = directoryEndpoints(environment, registration, now);
  if (!endpoints) {
    return {std::nullopt, "its configuration could not be read", endpoints.error().message};
  }
  const auto exchanged =
      exchangeCode(environment, registration, *endpoints, code, pending.codeVerifier, now);
  if (exchanged.idToken.empty()) {
    return {std::nullopt, exchanged.problem, unverifiedText(registration)};
  }
  const IdTokenExpectations expected{registration.issuer, registration.clientId, pending.nonce,
                                     Clock::now()};
  auto keys = directoryKeys(environment, registration, std::nullopt, now);
  auto check = keys ? checkIdToken(exchanged.idToken, *keys, expected) : IdTokenCheck{};
  if (keys && check.unknownKey) {
    // The directory may have rotated its keys since they were read.
    keys = directoryKeys(environment, registration, KeyRefresh{check.keyId}, now);
    if (keys) {
      check = checkIdToken(exchanged.idToken, *keys, expected);
    }
  }
  if (!keys) {
    return {std::nullopt, "its keys could not be read", keys.error().message};
  }
  if (!check.valid) {
    return {std::nullopt, check.problem, unverifiedText(registration)};
  }
  return {std::move(check.claims), {}, {}};
}

}  // namespace

std::optional<std::string> usernameOfClaims(const config::AzureRegistration& registration,
                                            const json::object& claims, std::string& why) {
  const auto* value = claims.if_contains(registration.usernameClaim);
  if (value == nullptr || !value->is_string() || value->as_string().empty()) {
    why = "the ID token has no " + registration.usernameClaim + " claim";
    return std::nullopt;
  }
  std::string name(value->as_string());
  if (registration.stripDomain) {
    if (const auto at = name.rfind('@'); at != std::string::npos) {
      name.resize(at);
    }
  }
  if (registration.lowercase) {
    name = asciiLower(name);
  }
  if (!isValidUsername(name)) {
    why = "the " + registration.usernameClaim + " claim '" + std::string(value->as_string()) +
          "' is not a valid username";
    return std::nullopt;
  }
  return name;
}

Result<DirectoryStart> startDirectorySignIn(environments::Environment& environment,
                                            const config::AzureRegistration& registration,
                                            const std::string& clientAddress, TimePoint now) {
  {
    auto db = environment.db().acquire();
    if (auto heldBack = addressHeldBack(*db, clientAddress, now)) {
      return std::move(*heldBack);
    }
  }
  auto endpoints = directoryEndpoints(environment, registration, now);
  if (!endpoints) {
    return std::move(endpoints).error();
  }
  const auto state = randomToken();
  const auto nonce = randomToken();
  const auto verifier = randomToken();
  const auto digest = sha256(verifier);
  const auto challenge = base64UrlEncode(
      std::string_view(reinterpret_cast<const char*>(digest.data()), digest.size()));
  DirectoryStart start{authorizationAddress(registration, *endpoints, state, nonce, challenge),
                       randomToken()};
  PendingDirectorySignIn pending;
  pending.registration = registration.id;
  pending.stateHash = hashOf(state);
  pending.nonce = nonce;
  pending.codeVerifier = verifier;
  pending.expiresAt = now + kSignInLasts;
  auto db = environment.db().acquire();
  keepDirectorySignIn(*db, hashOf(start.browserKey), pending, now);
  return start;
}

std::optional<std::string> finishDirectorySignIn(environments::Environment& environment,
                                                 const config::AzureRegistration& registration,
                                                 const DirectoryReturn& answer, TimePoint now) {
  const auto& config = environment.config();
  std::optional<PendingDirectorySignIn> pending;
  auto keyHash = hashOf(answer.browserKey);
  {
    auto db = environment.db().acquire();
    if (!answer.browserKey.empty()) {
      pending = findDirectorySignIn(*db, keyHash);
    }
    if (!pending || pending->registration != registration.id) {
      // Not a sign-in this browser started (another browser's answer, a link someone sent, a
      // cookie gone): never signs anyone in, but the person is told — unless the address is
      // held back already, when nothing more is written for it.
      if (addressHeldBack(*db, answer.clientAddress, now)) {
        return std::nullopt;
      }
      db::Transaction transaction(*db);
      const auto newKey = randomToken();
      keyHash = hashOf(newKey);
      PendingDirectorySignIn stranger;
      stranger.registration = registration.id;
      stranger.expiresAt = now + kSignInLasts;
      stranger.returned = true;
      keepDirectorySignIn(*db, keyHash, stranger, now);
      refuse(*db, config, registration, answer, keyHash,
             "an answer for a sign-in this browser did not start",
             "This sign-in with " + registration.name +
                 " was started in another browser or window, or more than ten minutes ago. "
                 "Please start again.");
      transaction.commit();
      return newKey;
    }
    db::Transaction transaction(*db);
    if (pending->returned) {
      // The same answer again (a reload, a replay): the first one decides.
      return std::nullopt;
    }
    if (!markDirectoryReturned(*db, keyHash, now)) {
      refuse(*db, config, registration, answer, keyHash, "an answer after the sign-in expired",
             "This sign-in with " + registration.name +
                 " took longer than ten minutes. Please start again.");
      transaction.commit();
      return std::nullopt;
    }
    const auto failed = [&](const std::string& detail, const std::string& message) {
      refuse(*db, config, registration, answer, keyHash, detail, message);
      transaction.commit();
      return std::nullopt;
    };
    if (!equalSecrets(hashOf(answer.state), pending->stateHash)) {
      return failed("a state this browser did not send",
                    "The answer from " + registration.name +
                        " did not belong to the sign-in this browser started. Please start "
                        "again.");
    }
    if (!answer.error.empty()) {
      const auto said =
          shownText(answer.errorDescription.empty() ? answer.error : answer.errorDescription);
      return failed("the directory answered " + answer.error + ": " + said,
                    registration.name + " did not sign you in: " + said +
                        (said.ends_with('.') ? "" : ".") +
                        " Please try again, or sign in with your username and password.");
    }
    if (answer.code.empty()) {
      return failed("no code in the answer", unverifiedText(registration));
    }
    transaction.commit();
  }

  auto proof = proveAtDirectory(environment, registration, *pending, answer.code, now);

  auto db = environment.db().acquire();
  db::Transaction transaction(*db);
  if (!proof.claims) {
    refuse(*db, config, registration, answer, keyHash, proof.detail, proof.message);
    transaction.commit();
    return std::nullopt;
  }
  std::string why;
  const auto username = usernameOfClaims(registration, *proof.claims, why);
  if (!username) {
    refuse(*db, config, registration, answer, keyHash, why,
           "Your " + registration.name +
               " account does not give a username Dossier can use. Please contact your system "
               "administrator.");
    transaction.commit();
    return std::nullopt;
  }
  const auto* claimed = proof.claims->if_contains(registration.usernameClaim);
  const std::string shownName = shownText(claimed->as_string());
  auto user = findUserByName(*db, *username);
  if (!user && registration.createUsers) {
    const auto* name = proof.claims->if_contains("name");
    auto created = createUser(
        *db, {*username,
              name != nullptr && name->is_string() ? std::string(name->as_string()) : *username, "",
              false});
    if (created) {
      spdlog::info("{} sign-in made the user {} (cid={})", methodOf(registration.id), *username,
                   answer.correlationId);
      recordSecurityEvent(*db,
                          {"user.created", created->id, created->username, answer.clientAddress,
                           answer.correlationId, methodOf(registration.id)});
      user = std::move(*created);
    } else {
      user = findUserByName(*db, *username);  // made by another sign-in at the same moment
    }
  }
  if (!user) {
    refuse(*db, config, registration, answer, keyHash, "no user " + *username,
           "Your " + registration.name + " account (" + shownName +
               ") is not a Dossier user. Please contact your system administrator for access.",
           *username);
    transaction.commit();
    return std::nullopt;
  }
  const std::string subject(proof.claims->at("sub").as_string());  // checkIdToken saw it there
  const auto match = matchDirectoryIdentity(*db, user->id, registration.id, subject, now);
  if (match != IdentityMatch::Linked) {
    const bool otherAccount = match == IdentityMatch::OtherAccount;
    refuse(
        *db, config, registration, answer, keyHash,
        otherAccount
            ? "the user " + user->username + " signs in with another directory account, not " +
                  subject
            : "the account " + subject + " signs in as another user, not " + user->username,
        "Your " + registration.name + " account (" + shownName + ") " +
            (otherAccount ? "is not the one the Dossier user " + user->username + " signs in with"
                          : "signs in as another Dossier user") +
            ". Please contact your system administrator.",
        user->username);
    transaction.commit();
    return std::nullopt;
  }
  recordDirectoryOutcome(*db, keyHash, user->id, {});
  const bool mapsGroups = !registration.groups.empty();
  if (mapsGroups) {
    keepDirectoryGroups(*db, user->id, registration.id,
                        groupsOfClaims(registration, *proof.claims));
  }
  transaction.commit();
  if (mapsGroups) {
    // This process at once; the others when told sessions changed (the new groups hold for the
    // session about to start, wherever its requests go).
    loadDirectoryGroups(environment);
    environment.tellSessionsChanged();
  }
  return std::nullopt;
}

Result<SignedIn> completeDirectorySignIn(environments::Environment& environment,
                                         const DirectoryCompletion& completion, TimePoint now) {
  const auto notPending =
      Error::of(errors::kDirectorySignInNotPending,
                "No sign-in with a cloud directory is waiting in this browser.");
  if (completion.browserKey.empty()) {
    return notPending;
  }
  const auto keyHash = hashOf(completion.browserKey);
  auto db = environment.db().acquire();
  db::Transaction transaction(*db);
  const auto pending = findDirectorySignIn(*db, keyHash);
  if (!pending || !pending->returned || !takeDirectorySignIn(*db, keyHash)) {
    return notPending;
  }
  const auto& config = environment.config();
  const auto& registrations = config.signIn.azureRegistrations;
  const auto registration =
      std::find_if(registrations.begin(), registrations.end(),
                   [&](const auto& each) { return each.id == pending->registration; });
  const auto name =
      registration != registrations.end() ? registration->name : std::string("the directory");
  if (!pending->failure.empty()) {
    transaction.commit();
    return Error::of(errors::kDirectoryRefused, pending->failure);
  }
  if (now > pending->expiresAt || !pending->userId) {
    transaction.commit();
    return Error::of(errors::kDirectoryRefused, "This sign-in with " + name +
                                                    " took longer than ten minutes. Please start "
                                                    "again.");
  }
  const auto user = findUserById(*db, *pending->userId);
  if (!user) {
    transaction.commit();
    return Error::of(errors::kDirectoryRefused,
                     "Your account was removed while you signed in. Please contact your system "
                     "administrator.");
  }
  auto signedIn = startSessionProvenElsewhere(
      *db, config, *user, completion.clientAddress, completion.correlationId,
      methodOf(pending->registration), completion.userAgent, now);
  transaction.commit();
  return signedIn;
}

}  // namespace dossier::auth
