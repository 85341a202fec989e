#include "auth/bot_check.hpp"

#include <charconv>

#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>

#include "auth/bot_check_store.hpp"
#include "auth/errors.hpp"
#include "auth/spent_proofs.hpp"
#include "auth/throttle.hpp"
#include "core/crypto.hpp"
#include "db/connection.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"

namespace dossier::auth {

namespace json = boost::json;

namespace {

constexpr std::string_view kAlgorithm = "SHA-256";

std::string signatureOf(std::string_view key, std::string_view challenge) {
  const auto mac = hmacSha256(key, challenge);
  return toHex(mac.data(), mac.size());
}

std::int64_t unixSeconds(TimePoint time) {
  return std::chrono::duration_cast<std::chrono::seconds>(time.time_since_epoch()).count();
}

// The salt's "?expires=…&action=…": written by makeBotChallenge, read back here.
struct SaltTerms {
  std::optional<std::int64_t> expires;
  std::string action;
};

SaltTerms termsOf(std::string_view salt) {
  SaltTerms terms;
  const auto question = salt.find('?');
  if (question == std::string_view::npos) {
    return terms;
  }
  auto rest = salt.substr(question + 1);
  while (!rest.empty()) {
    const auto amp = rest.find('&');
    const auto pair = rest.substr(0, amp);
    rest = amp == std::string_view::npos ? std::string_view{} : rest.substr(amp + 1);
    const auto equals = pair.find('=');
    if (equals == std::string_view::npos) {
      continue;
    }
    const auto name = pair.substr(0, equals);
    const auto value = pair.substr(equals + 1);
    if (name == "expires") {
      std::int64_t seconds = 0;
      const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), seconds);
      if (error == std::errc{} && end == value.data() + value.size()) {
        terms.expires = seconds;
      }
    } else if (name == "action") {
      terms.action = std::string(value);
    }
  }
  return terms;
}

const json::string* stringField(const json::object& object, std::string_view name) {
  const auto* value = object.if_contains(name);
  return value != nullptr ? value->if_string() : nullptr;
}

}  // namespace

std::optional<BotAction> botActionNamed(std::string_view name) {
  if (name == "signin") {
    return BotAction::SignIn;
  }
  if (name == "changepassword") {
    return BotAction::ChangePassword;
  }
  return std::nullopt;
}

std::string_view botActionName(BotAction action) {
  return action == BotAction::SignIn ? "signin" : "changepassword";
}

BotChallenge makeBotChallenge(std::string_view key, BotAction action, int maxNumber,
                              TimePoint now) {
  const auto expires = unixSeconds(now + kBotChallengeLifetime);
  BotChallenge out;
  out.salt = randomHex(12) + "?expires=" + std::to_string(expires) +
             "&action=" + std::string(botActionName(action));
  out.maxNumber = maxNumber;
  const auto number = randomBelow(static_cast<std::uint32_t>(maxNumber) + 1);
  out.challenge = sha256Hex(out.salt + std::to_string(number));
  out.signature = signatureOf(key, out.challenge);
  return out;
}

CheckedBotProof checkBotProof(std::string_view key, std::string_view payload, BotAction action,
                              TimePoint now) {
  CheckedBotProof out;
  const auto decoded = base64Decode(payload);
  if (!decoded) {
    return out;
  }
  boost::system::error_code error;
  const auto parsed = json::parse(*decoded, error);
  if (error || !parsed.is_object()) {
    return out;
  }
  const auto& proof = parsed.as_object();
  const auto* algorithm = stringField(proof, "algorithm");
  const auto* challenge = stringField(proof, "challenge");
  const auto* salt = stringField(proof, "salt");
  const auto* signature = stringField(proof, "signature");
  const auto* number = proof.if_contains("number");
  if (algorithm == nullptr || challenge == nullptr || salt == nullptr || signature == nullptr ||
      number == nullptr || !number->is_number() || *algorithm != kAlgorithm) {
    return out;
  }
  boost::system::error_code numberError;
  const auto n = number->to_number<std::int64_t>(numberError);
  if (numberError || n < 0) {
    return out;
  }
  // The signature first: only the server's own challenges are worth reading further.
  if (!equalSecrets(signatureOf(key, *challenge), *signature)) {
    out.verdict = BotProofVerdict::Wrong;
    return out;
  }
  if (!equalSecrets(sha256Hex(std::string(*salt) + std::to_string(n)), *challenge)) {
    out.verdict = BotProofVerdict::Wrong;
    return out;
  }
  const auto terms = termsOf(*salt);
  if (!terms.expires) {
    return out;
  }
  out.expiresAt = TimePoint(std::chrono::seconds(*terms.expires));
  if (out.expiresAt <= now) {
    out.verdict = BotProofVerdict::Expired;
    return out;
  }
  if (terms.action != botActionName(action)) {
    out.verdict = BotProofVerdict::OtherAction;
    return out;
  }
  out.verdict = BotProofVerdict::Passed;
  out.challenge = std::string(*challenge);
  return out;
}

BotChallenge issueBotChallenge(environments::Environment& environment, BotAction action,
                               TimePoint now) {
  std::string key;
  {
    auto db = environment.db().acquire();
    key = botCheckKey(*db, now);
  }
  return makeBotChallenge(key, action, environment.config().signIn.botCheck.maxNumber, now);
}

bool botCheckNeeded(db::Connection& db, const config::SignInSettings& signIn,
                    const std::string& clientAddress, TimePoint now) {
  using Mode = config::BotCheckPolicy::Mode;
  switch (signIn.botCheck.mode) {
    case Mode::Off:
      return false;
    case Mode::Always:
      return true;
    case Mode::AfterFailures:
      break;
  }
  const auto limits = addressLimits(signIn.throttle);
  return recentFailures(loadThrottle(db, ThrottleScope::Address, clientAddress), limits, now) >=
         signIn.botCheck.afterFailures;
}

Result<bool> requireBotCheck(environments::Environment& environment,
                             std::optional<std::string_view> proof, BotAction action,
                             const std::string& clientAddress, TimePoint now) {
  const auto& signIn = environment.config().signIn;
  if (signIn.botCheck.mode == config::BotCheckPolicy::Mode::Off) {
    return false;
  }
  // One connection for the rule, the key and the spending.
  auto db = environment.db().acquire();
  const bool needed = botCheckNeeded(*db, signIn, clientAddress, now);
  if (!proof || proof->empty()) {
    if (!needed) {
      return false;
    }
    return Error::of(errors::kBotCheckRequired,
                     "Please confirm that you are not a robot, then try again.");
  }
  const auto checked = checkBotProof(botCheckKey(*db, now), *proof, action, now);
  std::string_view why =
      "The check that you are not a robot did not pass. Please let it run again, then try again.";
  switch (checked.verdict) {
    case BotProofVerdict::Passed:
      if (spendProof(*db, "botcheck:" + checked.challenge, checked.expiresAt, now)) {
        return true;
      }
      why =
          "This check that you are not a robot was used already. Please let it run again, then "
          "try again.";
      break;
    case BotProofVerdict::Expired:
      why =
          "The check that you are not a robot has expired. Please let it run again, then try "
          "again.";
      break;
    case BotProofVerdict::OtherAction:
    case BotProofVerdict::Wrong:
    case BotProofVerdict::Malformed:
      break;
  }
  if (!needed) {
    return false;
  }
  return Error::of(errors::kBotCheckFailed, std::string(why));
}

}  // namespace dossier::auth
