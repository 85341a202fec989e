#include "auth/directory_client.hpp"

#include <map>
#include <mutex>
#include <set>

#include <boost/json.hpp>
#include <spdlog/spdlog.h>

#include "auth/errors.hpp"
#include "config/environment_config.hpp"
#include "core/json_body.hpp"
#include "environments/environment.hpp"
#include "outbound/https_client.hpp"

namespace dossier::auth {

namespace {

namespace json = boost::json;

constexpr auto kEndpointsKept = std::chrono::hours(1);
constexpr auto kKeysRefetchedAtMostEvery = std::chrono::seconds(10);
// A directory holds a worker for each call under way (up to a call's timeout): however slow it
// is, or however many sign-ins arrive at once, it holds at most this many of this process's.
constexpr int kCallsAtOnce = 4;
// After a call could not reach the directory, sign-ins are told so at once for this long rather
// than each waiting for a timeout of its own.
constexpr auto kUnreachableFor = std::chrono::seconds(15);

struct Remembered {
  std::optional<DirectoryEndpoints> endpoints;
  TimePoint endpointsRead;
  std::optional<std::vector<JsonWebKey>> keys;
  TimePoint keysRead;
  // Key ids asked for since the keys were read that were not among them.
  std::set<std::string> missedKeyIds;
  int callsUnderway = 0;
  TimePoint unreachableUntil;
};

// What this process has read of each directory of the environment.
struct DirectoryMemory {
  std::mutex mutex;
  std::map<std::string, Remembered> byRegistration;
};

Error unreachable(const config::AzureRegistration& registration, const std::string& problem) {
  spdlog::warn("cloud directory {} ({}): {}", registration.id, registration.issuer, problem);
  return Error::of(errors::kDirectoryUnreachable,
                   registration.name +
                       " cannot be reached just now. Please try again in a minute, or sign in "
                       "with your username and password.");
}

outbound::HttpsRequest requestTo(const config::AzureRegistration& registration, std::string url) {
  outbound::HttpsRequest request;
  request.url = std::move(url);
  request.caFile = registration.caFile;
  return request;
}

// Every call to a directory goes through here (see kCallsAtOnce and kUnreachableFor).
outbound::HttpsResponse callDirectory(DirectoryMemory& memory,
                                      const config::AzureRegistration& registration,
                                      const outbound::HttpsRequest& request, TimePoint now) {
  {
    std::lock_guard lock(memory.mutex);
    auto& remembered = memory.byRegistration[registration.id];
    if (now < remembered.unreachableUntil) {
      return {0, {}, {}, "it could not be reached moments ago"};
    }
    if (remembered.callsUnderway >= kCallsAtOnce) {
      return {0, {}, {}, std::to_string(kCallsAtOnce) + " calls to it are under way already"};
    }
    ++remembered.callsUnderway;
  }
  auto answer = outbound::fetchOverHttps(request);
  std::lock_guard lock(memory.mutex);
  auto& remembered = memory.byRegistration[registration.id];
  --remembered.callsUnderway;
  if (!answer.answered()) {
    remembered.unreachableUntil = Clock::now() + kUnreachableFor;
  }
  return answer;
}

Result<DirectoryEndpoints> readEndpoints(DirectoryMemory& memory,
                                         const config::AzureRegistration& registration,
                                         TimePoint now) {
  const auto answer = callDirectory(
      memory, registration,
      requestTo(registration, registration.issuer + "/.well-known/openid-configuration"), now);
  if (!answer.answered()) {
    return unreachable(registration, "its configuration could not be read: " + answer.problem);
  }
  if (answer.status != 200) {
    return unreachable(registration,
                       "its configuration answered HTTP " + std::to_string(answer.status));
  }
  boost::system::error_code error;
  const auto parsed = json::parse(answer.body, error);
  if (error || !parsed.is_object()) {
    return unreachable(registration, "its configuration is not a JSON object");
  }
  const auto& document = parsed.as_object();
  // A document naming another issuer would let that issuer's tokens in (Discovery §4.3).
  if (textOf(document, "issuer") != registration.issuer) {
    return unreachable(registration,
                       "its configuration names the issuer '" + textOf(document, "issuer") + "'");
  }
  DirectoryEndpoints endpoints{textOf(document, "authorization_endpoint"),
                               textOf(document, "token_endpoint"), textOf(document, "jwks_uri")};
  for (const auto* address : {&endpoints.authorization, &endpoints.token, &endpoints.keys}) {
    if (!address->starts_with("https://")) {
      return unreachable(registration,
                         "its configuration lacks an https authorization, token or jwks address");
    }
  }
  return endpoints;
}

}  // namespace

Result<DirectoryEndpoints> directoryEndpoints(environments::Environment& environment,
                                              const config::AzureRegistration& registration,
                                              TimePoint now) {
  auto& memory = environment.featureState<DirectoryMemory>();
  {
    std::lock_guard lock(memory.mutex);
    const auto& remembered = memory.byRegistration[registration.id];
    if (remembered.endpoints && now - remembered.endpointsRead < kEndpointsKept) {
      return *remembered.endpoints;
    }
  }
  // Read without the lock: a slow directory holds up only the sign-ins that need it.
  auto endpoints = readEndpoints(memory, registration, now);
  if (endpoints) {
    std::lock_guard lock(memory.mutex);
    auto& remembered = memory.byRegistration[registration.id];
    remembered.endpoints = *endpoints;
    remembered.endpointsRead = now;
  }
  return endpoints;
}

Result<std::vector<JsonWebKey>> directoryKeys(environments::Environment& environment,
                                              const config::AzureRegistration& registration,
                                              std::optional<KeyRefresh> refresh, TimePoint now) {
  auto& memory = environment.featureState<DirectoryMemory>();
  {
    std::lock_guard lock(memory.mutex);
    auto& remembered = memory.byRegistration[registration.id];
    const bool askedBefore = refresh && !remembered.missedKeyIds.insert(refresh->keyId).second;
    if (remembered.keys &&
        (!refresh || (askedBefore && now - remembered.keysRead < kKeysRefetchedAtMostEvery))) {
      return *remembered.keys;
    }
  }
  auto endpoints = directoryEndpoints(environment, registration, now);
  if (!endpoints) {
    return std::move(endpoints).error();
  }
  const auto answer =
      callDirectory(memory, registration, requestTo(registration, endpoints->keys), now);
  if (!answer.answered() || answer.status != 200) {
    return unreachable(
        registration,
        "its keys could not be read: " +
            (answer.answered() ? "HTTP " + std::to_string(answer.status) : answer.problem));
  }
  std::string why;
  auto keys = parseKeySet(answer.body, why);
  if (!keys) {
    return unreachable(registration, "its keys: " + why);
  }
  std::lock_guard lock(memory.mutex);
  auto& remembered = memory.byRegistration[registration.id];
  remembered.keys = *keys;
  remembered.keysRead = now;
  remembered.missedKeyIds.clear();
  return std::move(*keys);
}

CodeExchange exchangeCode(environments::Environment& environment,
                          const config::AzureRegistration& registration,
                          const DirectoryEndpoints& endpoints, const std::string& code,
                          const std::string& codeVerifier, TimePoint now) {
  auto request = requestTo(registration, endpoints.token);
  request.form = {{"grant_type", "authorization_code"},
                  {"code", code},
                  {"redirect_uri", registration.redirectUri},
                  {"code_verifier", codeVerifier}};
  if (registration.clientAuthentication == config::AzureRegistration::ClientAuthentication::Post) {
    request.form.emplace_back("client_id", registration.clientId);
    request.form.emplace_back("client_secret", registration.clientSecret);
  } else {
    // RFC 6749 §2.3.1: the client id and secret are form-encoded before basic authentication.
    request.user = outbound::formEncoded(registration.clientId);
    request.password = outbound::formEncoded(registration.clientSecret);
  }
  const auto answer =
      callDirectory(environment.featureState<DirectoryMemory>(), registration, request, now);
  if (!answer.answered()) {
    return {{}, "the token endpoint could not be reached: " + answer.problem};
  }
  boost::system::error_code error;
  const auto parsed = json::parse(answer.body, error);
  const auto* document = !error && parsed.is_object() ? &parsed.as_object() : nullptr;
  if (answer.status != 200) {
    const auto reason = document != nullptr ? textOf(*document, "error") : std::string();
    return {{},
            "the token endpoint answered HTTP " + std::to_string(answer.status) +
                (reason.empty() ? std::string() : " (" + reason + ")")};
  }
  const auto idToken = document != nullptr ? textOf(*document, "id_token") : std::string();
  if (idToken.empty()) {
    return {{}, "the token endpoint gave no ID token"};
  }
  return {idToken, {}};
}

std::string authorizationAddress(const config::AzureRegistration& registration,
                                 const DirectoryEndpoints& endpoints, const std::string& state,
                                 const std::string& nonce, const std::string& codeChallenge) {
  std::string scopes;
  for (const auto& scope : registration.scopes) {
    scopes += (scopes.empty() ? "" : " ") + scope;
  }
  const std::vector<std::pair<std::string, std::string>> parameters{
      {"response_type", "code"},
      {"client_id", registration.clientId},
      {"redirect_uri", registration.redirectUri},
      {"scope", scopes},
      {"state", state},
      {"nonce", nonce},
      {"code_challenge", codeChallenge},
      {"code_challenge_method", "S256"},
      {"response_mode", "query"}};
  auto address = endpoints.authorization;
  char separator = address.find('?') == std::string::npos ? '?' : '&';
  for (const auto& [name, value] : parameters) {
    address += separator + name + "=" + outbound::formEncoded(value);
    separator = '&';
  }
  return address;
}

}  // namespace dossier::auth
