#include "auth/two_factor_store.hpp"

#include <cctype>

#include "auth/sessions.hpp"
#include "core/crypto.hpp"
#include "db/connection.hpp"

namespace dossier::auth {

namespace {

constexpr std::string_view kCodeAlphabet = "abcdefghjkmnpqrstuvwxyz23456789";

// A recovery code as typed, reduced to what it is: lower case, without spaces and dashes.
std::string normalisedCode(std::string_view code) {
  std::string out;
  for (const char c : code) {
    if (c != ' ' && c != '-') {
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
  }
  return out;
}

// Ten letters and digits of an alphabet without look-alikes (no 0/o, 1/l/i), in two groups of
// five: about 49 bits, for a code that is tried at most five times in a quarter hour.
std::string newRecoveryCode() {
  std::string code;
  for (int i = 0; i < 10; ++i) {
    if (i == 5) {
      code += '-';
    }
    code += kCodeAlphabet[randomBelow(static_cast<std::uint32_t>(kCodeAlphabet.size()))];
  }
  return code;
}

const char* purposeWord(TicketPurpose purpose) {
  switch (purpose) {
    case TicketPurpose::Setup:
      return "setup";
    case TicketPurpose::Change:
      return "change";
    case TicketPurpose::Code:
      break;
  }
  return "code";
}

TicketPurpose purposeOf(const std::string& word) {
  if (word == "setup") {
    return TicketPurpose::Setup;
  }
  return word == "change" ? TicketPurpose::Change : TicketPurpose::Code;
}

}  // namespace

std::optional<StoredSecondFactor> secondFactorOf(db::Connection& db, std::int64_t userId) {
  auto row =
      db.query("SELECT secret, last_step, confirmed_at FROM two_factor WHERE user_id = ?1", userId);
  if (!row.step()) {
    return std::nullopt;
  }
  auto secret = base64Decode(row.text(0));
  return StoredSecondFactor{secret.value_or(""), row.integer(1), row.text(2)};
}

bool takeStep(db::Connection& db, std::int64_t userId, std::int64_t step) {
  return db.execute("UPDATE two_factor SET last_step = ?1 WHERE user_id = ?2 AND last_step < ?1",
                    step, userId) == 1;
}

void keepSecondFactor(db::Connection& db, std::int64_t userId, std::string_view secret,
                      std::int64_t step, TimePoint now) {
  db.execute(
      "INSERT INTO two_factor (user_id, secret, last_step, confirmed_at) VALUES (?1, ?2, ?3, ?4) "
      "ON CONFLICT (user_id) DO UPDATE SET secret = excluded.secret, "
      "last_step = excluded.last_step, confirmed_at = excluded.confirmed_at",
      userId, base64Encode(secret), step, now);
}

void removeSecondFactor(db::Connection& db, std::int64_t userId) {
  db.execute("DELETE FROM two_factor WHERE user_id = ?1", userId);
  db.execute("DELETE FROM recovery_codes WHERE user_id = ?1", userId);
}

std::vector<std::string> replaceRecoveryCodes(db::Connection& db, std::int64_t userId) {
  db.execute("DELETE FROM recovery_codes WHERE user_id = ?1", userId);
  std::vector<std::string> codes;
  for (int i = 0; i < kRecoveryCodes; ++i) {
    codes.push_back(newRecoveryCode());
    db.execute("INSERT INTO recovery_codes (user_id, code_hash) VALUES (?1, ?2)", userId,
               sha256Hex(normalisedCode(codes.back())));
  }
  return codes;
}

bool spendRecoveryCode(db::Connection& db, std::int64_t userId, std::string_view code,
                       TimePoint now) {
  const auto normalised = normalisedCode(code);
  if (normalised.size() != 10) {
    return false;
  }
  return db.execute(
             "UPDATE recovery_codes SET used_at = ?1 WHERE user_id = ?2 AND code_hash = ?3 AND "
             "used_at IS NULL",
             now, userId, sha256Hex(normalised)) == 1;
}

int recoveryCodesLeft(db::Connection& db, std::int64_t userId) {
  auto row = db.query("SELECT COUNT(*) FROM recovery_codes WHERE user_id = ?1 AND used_at IS NULL",
                      userId);
  return row.step() ? static_cast<int>(row.integer(0)) : 0;
}

std::string issueTicket(db::Connection& db, std::int64_t userId, TicketPurpose purpose,
                        bool knownAddress, const std::string& clientAddress, TimePoint now) {
  auto token = randomToken();
  db.execute(
      "INSERT INTO sign_in_tickets (token_hash, user_id, purpose, known_address, client_address, "
      "created_at, expires_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
      hashToken(token), userId, purposeWord(purpose), knownAddress ? 1 : 0, clientAddress, now,
      now + kTicketLifetime);
  return token;
}

std::optional<SignInTicket> findTicket(db::Connection& db, std::string_view token, TimePoint now) {
  if (token.empty() || token.size() > 200) {
    return std::nullopt;
  }
  const auto hash = hashToken(token);
  auto row = db.query(
      "SELECT user_id, purpose, pending_secret, known_address, client_address, expires_at "
      "FROM sign_in_tickets WHERE token_hash = ?1",
      hash);
  if (!row.step() || row.time(5) <= now) {
    return std::nullopt;
  }
  SignInTicket ticket;
  ticket.tokenHash = hash;
  ticket.userId = row.integer(0);
  ticket.purpose = purposeOf(row.text(1));
  if (!row.isNull(2)) {
    ticket.pendingSecret = base64Decode(row.text(2)).value_or("");
  }
  ticket.knownAddress = row.integer(3) != 0;
  ticket.clientAddress = row.text(4);
  return ticket;
}

void setPendingSecret(db::Connection& db, const std::string& tokenHash, std::string_view secret) {
  db.execute("UPDATE sign_in_tickets SET pending_secret = ?1 WHERE token_hash = ?2",
             base64Encode(secret), tokenHash);
}

bool spendTicket(db::Connection& db, const std::string& tokenHash) {
  return db.execute("DELETE FROM sign_in_tickets WHERE token_hash = ?1", tokenHash) == 1;
}

void endTickets(db::Connection& db, std::int64_t userId) {
  db.execute("DELETE FROM sign_in_tickets WHERE user_id = ?1", userId);
}

void recordWrongCode(db::Connection& db, std::int64_t userId, bool knownAddress, TimePoint now) {
  db.execute("INSERT INTO two_factor_failures (user_id, known_address, at) VALUES (?1, ?2, ?3)",
             userId, knownAddress ? 1 : 0, now);
}

int wrongCodesSince(db::Connection& db, std::int64_t userId, bool knownAddress, TimePoint since) {
  auto row = db.query(
      "SELECT COUNT(*) FROM two_factor_failures WHERE user_id = ?1 AND known_address = ?2 AND "
      "at > ?3",
      userId, knownAddress ? 1 : 0, since);
  return row.step() ? static_cast<int>(row.integer(0)) : 0;
}

void forgetTicketsBefore(db::Connection& db, TimePoint before) {
  db.execute("DELETE FROM sign_in_tickets WHERE expires_at < ?1", before);
  db.execute("DELETE FROM two_factor_failures WHERE at < ?1", before);
}

}  // namespace dossier::auth
