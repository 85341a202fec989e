#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace dossier::db {
class Connection;
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

void recordSecurityEvent(db::Connection& db, const SecurityEvent& event);

}  // namespace dossier::auth
