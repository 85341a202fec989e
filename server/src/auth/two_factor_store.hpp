#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/clock.hpp"

namespace dossier::db {
class Connection;
}

namespace dossier::auth {

// The rows of two-factor sign-in (migration 0027). Only this file writes them.

// A user's confirmed secret (the raw bytes) and the last step a code was taken for.
struct StoredSecondFactor {
  std::string secret;
  std::int64_t lastStep = 0;
  std::string confirmedAt;
};
std::optional<StoredSecondFactor> secondFactorOf(db::Connection& db, std::int64_t userId);
// Takes the code of `step`: true only for the first to raise last_step to it, on any process.
bool takeStep(db::Connection& db, std::int64_t userId, std::int64_t step);
// The user's secret from now on, its first code's step taken; replaces any earlier one.
void keepSecondFactor(db::Connection& db, std::int64_t userId, std::string_view secret,
                      std::int64_t step, TimePoint now);
// Removes the secret and the recovery codes: the user signs in with the password alone (or sets
// up anew, where it is required).
void removeSecondFactor(db::Connection& db, std::int64_t userId);

inline constexpr int kRecoveryCodes = 10;
// New recovery codes, replacing the old: given to the person once, kept hashed.
std::vector<std::string> replaceRecoveryCodes(db::Connection& db, std::int64_t userId);
// Spends an unused recovery code; false when it is none of theirs or used already.
bool spendRecoveryCode(db::Connection& db, std::int64_t userId, std::string_view code,
                       TimePoint now);
int recoveryCodesLeft(db::Connection& db, std::int64_t userId);

// What the password step gives when a second factor is still to come (Code, Setup), or what holds
// the new secret a signed-in person is moving to until its first code (Change).
enum class TicketPurpose { Code, Setup, Change };
struct SignInTicket {
  std::string tokenHash;
  std::int64_t userId = 0;
  TicketPurpose purpose = TicketPurpose::Code;
  std::optional<std::string> pendingSecret;  // a setup's secret, once made
  bool knownAddress = false;  // the password step came from an address the account knows
  std::string clientAddress;
};
inline constexpr auto kTicketLifetime = std::chrono::minutes(10);
// A new ticket; the token, handed to the client once (only its hash is kept).
std::string issueTicket(db::Connection& db, std::int64_t userId, TicketPurpose purpose,
                        bool knownAddress, const std::string& clientAddress, TimePoint now);
// The ticket of a token, unless it has ended (expired, spent or never given).
std::optional<SignInTicket> findTicket(db::Connection& db, std::string_view token, TimePoint now);
void setPendingSecret(db::Connection& db, const std::string& tokenHash, std::string_view secret);
// Ends the ticket; true for the one call that ended it.
bool spendTicket(db::Connection& db, const std::string& tokenHash);
// Ends every ticket of the user (too many wrong codes, a reset).
void endTickets(db::Connection& db, std::int64_t userId);

// Wrong codes, counted per account and kind of address (known or not) over a window.
void recordWrongCode(db::Connection& db, std::int64_t userId, bool knownAddress, TimePoint now);
int wrongCodesSince(db::Connection& db, std::int64_t userId, bool knownAddress, TimePoint since);

// Tickets that ended and wrong codes older than `before` (the retention sweep).
void forgetTicketsBefore(db::Connection& db, TimePoint before);

}  // namespace dossier::auth
