#pragma once

#include <optional>
#include <string>

#include "core/clock.hpp"
#include "core/result.hpp"

namespace dossier::environments {
class Environment;
}

namespace dossier::auth {

inline constexpr std::size_t kMaxCredentialLength = 100;

struct SignInAttempt {
  std::string username;
  std::string password;
  std::string clientAddress;
  std::string correlationId;
  // Whether the attempt came with a bot check that passed (spec 1 §7, auth/bot_check.hpp): such an
  // attempt is treated as one from an address the account signed in from lately — not held back
  // by guesses on the account from elsewhere, and in the good-standing lane — so that its owner
  // gets in from anywhere while the account is under attack.
  bool botCheckPassed = false;
  std::string userAgent = {};  // for the person's list of their sessions
};

// What a sign-in step answers: a session (next "login"), or, when a second factor is still to
// come, a ticket for it (next "2fa", or "2fasetup" when it must be set up first).
struct SignedIn {
  std::string token;
  std::string username;
  bool mustChangePassword = false;
  std::string next = "login";
  std::string ticket;
  std::optional<int> recoveryCodesLeft;  // after a recovery code was spent
};

// Signs in with the product's own credentials. Every attempt is counted before the password is
// checked (so that a burst of parallel guesses is throttled too) and refunded when it was right.
// Failures are values whose message is meant for the person at the sign-in screen. A username that
// does not exist is answered without a hash, held as long as a check would take (check_times.hpp).
// A success makes the client address known for the account (known_addresses.hpp).
Result<SignedIn> signIn(environments::Environment& environment, const SignInAttempt& attempt,
                        TimePoint now);

// 503 with Retry-After: password checks are queued to their limit (hashing_queue.hpp).
Error busy();

}  // namespace dossier::auth
