#pragma once

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
};

struct SignedIn {
  std::string token;
  std::string username;
  bool mustChangePassword = false;
};

// Signs in with the product's own credentials. Every attempt is counted before the password is
// checked (so that a burst of parallel guesses is throttled too) and refunded when it was right.
// Failures are values whose message is meant for the person at the sign-in screen.
Result<SignedIn> signIn(environments::Environment& environment, const SignInAttempt& attempt,
                        TimePoint now);

// 503 with Retry-After: password checks are queued to their limit (hashing_queue.hpp).
Error busy();

}  // namespace dossier::auth
