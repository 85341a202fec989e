#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/clock.hpp"
#include "core/result.hpp"

namespace dossier::config {
struct SignInSettings;
}
namespace dossier::db {
class Connection;
}
namespace dossier::environments {
class Environment;
}

namespace dossier::auth {

// The proof-of-work bot check (spec 1 §7), self-hosted: the altcha widget's protocol 1. The server
// picks a secret number n ≤ maxNumber and gives out challenge = SHA-256(salt ‖ n) with its HMAC;
// the browser finds n by trying, and sends the proof with the action it was asked for. Checking
// it costs the server one hash and one HMAC; the salt carries the action and the expiry, so a
// proof is good for one kind of request for ten minutes, and it is spent when taken.
enum class BotAction { SignIn, ChangePassword };

std::optional<BotAction> botActionNamed(std::string_view name);
std::string_view botActionName(BotAction action);

struct BotChallenge {
  std::string challenge;
  std::string salt;
  std::string signature;
  int maxNumber = 0;
};

inline constexpr std::chrono::minutes kBotChallengeLifetime{10};

BotChallenge makeBotChallenge(std::string_view key, BotAction action, int maxNumber, TimePoint now);

enum class BotProofVerdict { Passed, Malformed, Wrong, Expired, OtherAction };

struct CheckedBotProof {
  BotProofVerdict verdict = BotProofVerdict::Malformed;
  std::string challenge;  // when Passed: what spends it
  TimePoint expiresAt{};
};

// Reads the widget's payload (base64 of its JSON) and checks it against the key, the action and
// the time; pure, so that a test can try every way it can be wrong.
CheckedBotProof checkBotProof(std::string_view key, std::string_view payload, BotAction action,
                              TimePoint now);

// The environment's challenge for an action, signed with its key.
BotChallenge issueBotChallenge(environments::Environment& environment, BotAction action,
                               TimePoint now);

// Whether this request must carry a proof: never, always, or from an address that has failed to
// sign in the configured number of times lately.
bool botCheckNeeded(db::Connection& db, const config::SignInSettings& signIn,
                    const std::string& clientAddress, TimePoint now);

// The rule every guarded action applies before anything else: when a proof is needed, one that
// passes and has not been spent (auth.bot_check_required / auth.bot_check_failed otherwise). A
// proof sent when none is needed is checked all the same: true when one passed and was spent, which
// sign-in counts in the attempt's favour (sign_in.hpp botCheckPassed).
Result<bool> requireBotCheck(environments::Environment& environment,
                             std::optional<std::string_view> proof, BotAction action,
                             const std::string& clientAddress, TimePoint now);

}  // namespace dossier::auth
