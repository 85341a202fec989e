#include "documents/downloads.hpp"

#include <charconv>

#include "core/crypto.hpp"
#include "db/connection.hpp"

namespace dossier::documents {

namespace {

std::optional<std::uint64_t> number(std::string_view text) {
  if (text.empty()) {
    return std::nullopt;
  }
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) {
    return std::nullopt;
  }
  return value;
}

}  // namespace

std::string issueDownloadToken(db::Connection& db, std::int64_t versionId, std::int64_t userId,
                               TimePoint now) {
  const auto token = randomToken();
  db.execute(
      "INSERT INTO document_access_tokens (token_hash, version_id, user_id, expires_at) "
      "VALUES (?1, ?2, ?3, ?4)",
      sha256Hex(token), versionId, userId, now + kDownloadTokenLifetime);
  return token;
}

std::optional<Redeemed> redeemDownloadToken(db::Connection& db, std::string_view token,
                                            TimePoint now) {
  if (token.empty() || token.size() > 100) {
    return std::nullopt;
  }
  auto row = db.query(
      "SELECT version_id, user_id, expires_at FROM document_access_tokens WHERE token_hash = ?1",
      sha256Hex(token));
  if (!row.step()) {
    return std::nullopt;
  }
  const auto expires = row.time(2);
  if (!expires || *expires <= now) {
    return std::nullopt;
  }
  return Redeemed{row.integer(0), row.integer(1)};
}

void spendDownloadToken(db::Connection& db, std::string_view token) {
  db.execute("DELETE FROM document_access_tokens WHERE token_hash = ?1", sha256Hex(token));
}

int removeExpiredDownloadTokens(db::Connection& db, TimePoint now) {
  return db.execute("DELETE FROM document_access_tokens WHERE expires_at <= ?1", now);
}

RangeRequest parseRange(std::optional<std::string_view> header, std::uint64_t size) {
  RangeRequest out;
  if (!header || !header->starts_with("bytes=")) {
    return out;
  }
  auto spec = header->substr(6);
  while (!spec.empty() && spec.front() == ' ') {
    spec.remove_prefix(1);
  }
  if (spec.find(',') != std::string_view::npos) {
    return out;
  }
  const auto dash = spec.find('-');
  if (dash == std::string_view::npos) {
    return out;
  }
  const auto firstText = spec.substr(0, dash);
  const auto lastText = spec.substr(dash + 1);
  if (firstText.empty()) {
    // The last n bytes.
    const auto suffix = number(lastText);
    if (!suffix) {
      return out;
    }
    if (*suffix == 0 || size == 0) {
      out.outcome = RangeOutcome::Unsatisfiable;
      return out;
    }
    const auto length = std::min(*suffix, size);
    out.outcome = RangeOutcome::Partial;
    out.range = {size - length, length};
    return out;
  }
  const auto first = number(firstText);
  if (!first) {
    return out;
  }
  std::uint64_t last = size == 0 ? 0 : size - 1;
  if (!lastText.empty()) {
    const auto given = number(lastText);
    if (!given || *given < *first) {
      return out;
    }
    last = std::min(*given, last);
  }
  if (*first >= size) {
    out.outcome = RangeOutcome::Unsatisfiable;
    return out;
  }
  out.outcome = RangeOutcome::Partial;
  out.range = {*first, last - *first + 1};
  return out;
}

std::string attachmentHeader(std::string_view fileName, bool inlineView) {
  std::string ascii;
  std::string encoded;
  for (const unsigned char c : fileName) {
    const bool plain = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
                       c == '.' || c == '-' || c == '_' || c == ' ' || c == '(' || c == ')';
    // One _ per character a plain name cannot hold (a UTF-8 character's later bytes add none).
    if (plain) {
      ascii += static_cast<char>(c);
    } else if ((c & 0xc0) != 0x80) {
      ascii += '_';
    }
    if (plain && c != ' ' && c != '(' && c != ')') {
      encoded += static_cast<char>(c);
    } else {
      static constexpr char kHex[] = "0123456789ABCDEF";
      encoded += '%';
      encoded += kHex[c >> 4];
      encoded += kHex[c & 0xf];
    }
  }
  return std::string(inlineView ? "inline" : "attachment") + "; filename=\"" + ascii +
         "\"; filename*=UTF-8''" + encoded;
}

}  // namespace dossier::documents
