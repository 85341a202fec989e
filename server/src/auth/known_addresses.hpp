#pragma once

#include <chrono>
#include <cstdint>
#include <string>

#include "core/clock.hpp"

namespace dossier::db {
class Connection;
}

namespace dossier::auth {

// The client addresses an account signed in from successfully, lately. An attempt from one of them
// is the owner's most likely: it is not slowed by guesses made on the account from elsewhere, and
// its password check has the lane kept for people in good standing (hashing_queue.hpp).
inline constexpr int kKnownAddressesPerAccount = 10;

// Whether the account signed in from this address within `keepFor`.
bool isKnownAddress(db::Connection& db, std::int64_t userId, const std::string& address,
                    TimePoint now, std::chrono::seconds keepFor);
// After a successful sign-in: the address is known from now on; only the account's
// kKnownAddressesPerAccount most recent are kept.
void rememberAddress(db::Connection& db, std::int64_t userId, const std::string& address,
                     TimePoint now);
// Forgets addresses not signed in from within `keepFor`; how many.
int forgetOldAddresses(db::Connection& db, TimePoint now, std::chrono::seconds keepFor);

}  // namespace dossier::auth
