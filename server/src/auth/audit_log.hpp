#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace soci {
class session;
}

namespace dossier::auth {

// A security event: sign-ins, failures, sign-outs, password and account changes. Never a password
// or a token.
struct SecurityEvent {
  std::string event;  // e.g. "signin.success"
  std::optional<std::int64_t> userId;
  std::string username;
  std::string clientAddress;
  std::string correlationId;
  std::string detail;
};

void recordSecurityEvent(soci::session& db, const SecurityEvent& event);

}  // namespace dossier::auth
