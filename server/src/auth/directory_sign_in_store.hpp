#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/clock.hpp"

namespace dossier::db {
class Connection;
}

namespace dossier::auth {

// The rows of cloud-directory sign-ins under way (migration 0030). Only this file writes them.
// Every key is the hash of the browser's cookie: the cookie itself is never stored.
struct PendingDirectorySignIn {
  std::string registration;
  std::string stateHash;
  std::string nonce;
  std::string codeVerifier;
  TimePoint expiresAt;
  bool returned = false;  // the directory's answer came back
  std::optional<std::int64_t> userId;
  std::string failure;
};

// A new sign-in for the browser key's hash; sign-ins that ended are forgotten as new ones come.
void keepDirectorySignIn(db::Connection& db, const std::string& browserKeyHash,
                         const PendingDirectorySignIn& pending, TimePoint createdAt);

std::optional<PendingDirectorySignIn> findDirectorySignIn(db::Connection& db,
                                                          const std::string& browserKeyHash);

// Marks the directory's answer as come back: true once only, on any process, and only before
// the sign-in expires (a state is used once).
bool markDirectoryReturned(db::Connection& db, const std::string& browserKeyHash, TimePoint now);

// What the answer proved: the user, or the text telling the person why not.
void recordDirectoryOutcome(db::Connection& db, const std::string& browserKeyHash,
                            std::optional<std::int64_t> userId, const std::string& failure);

// Takes the outcome for a session: true once only, on any process.
bool takeDirectorySignIn(db::Connection& db, const std::string& browserKeyHash);

}  // namespace dossier::auth
