#include "auth/totp.hpp"

#include <array>
#include <cctype>

#include "core/crypto.hpp"

namespace dossier::auth {

namespace {

constexpr std::string_view kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

std::string digitsOnly(std::string_view code) {
  std::string out;
  for (const char c : code) {
    if (c != ' ') {
      out += c;
    }
  }
  return out;
}

// Percent-encoding for a URI's path and query (RFC 3986 unreserved kept).
std::string uriEncoded(std::string_view text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (std::isalnum(byte) || c == '-' || c == '.' || c == '_' || c == '~') {
      out += c;
    } else {
      out += '%';
      out += kHex[byte >> 4];
      out += kHex[byte & 0xF];
    }
  }
  return out;
}

}  // namespace

std::string base32Encode(std::string_view bytes) {
  std::string out;
  std::uint32_t buffer = 0;
  int bits = 0;
  for (const char c : bytes) {
    buffer = (buffer << 8) | static_cast<unsigned char>(c);
    bits += 8;
    while (bits >= 5) {
      out += kAlphabet[(buffer >> (bits - 5)) & 0x1F];
      bits -= 5;
    }
  }
  if (bits > 0) {
    out += kAlphabet[(buffer << (5 - bits)) & 0x1F];
  }
  return out;
}

std::optional<std::string> base32Decode(std::string_view text) {
  std::string out;
  std::uint32_t buffer = 0;
  int bits = 0;
  for (const char c : text) {
    if (c == ' ' || c == '=') {
      continue;
    }
    const auto found =
        kAlphabet.find(static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
    if (found == std::string_view::npos) {
      return std::nullopt;
    }
    buffer = (buffer << 5) | static_cast<std::uint32_t>(found);
    bits += 5;
    if (bits >= 8) {
      out += static_cast<char>((buffer >> (bits - 8)) & 0xFF);
      bits -= 8;
    }
  }
  return out;
}

std::int64_t totpStep(TimePoint now) {
  const auto seconds =
      std::chrono::duration_cast<std::chrono::seconds>(now.time_since_epoch()).count();
  return seconds / kTotpStepSeconds;
}

std::string totpCode(std::string_view secret, std::int64_t step) {
  std::array<char, 8> counter{};
  for (int i = 7; i >= 0; --i) {
    counter[static_cast<std::size_t>(i)] = static_cast<char>(step & 0xFF);
    step >>= 8;
  }
  const auto mac = hmacSha1(secret, std::string_view(counter.data(), counter.size()));
  const auto offset = mac[19] & 0x0F;
  const std::uint32_t binary = ((mac[offset] & 0x7Fu) << 24) | (mac[offset + 1] << 16) |
                               (mac[offset + 2] << 8) | mac[offset + 3];
  auto code = std::to_string(binary % 1'000'000);
  return std::string(6 - code.size(), '0') + code;
}

std::optional<std::int64_t> acceptedStep(std::string_view secret, std::string_view code,
                                         TimePoint now, std::int64_t after) {
  const auto typed = digitsOnly(code);
  if (typed.size() != 6) {
    return std::nullopt;
  }
  const auto current = totpStep(now);
  std::optional<std::int64_t> found;
  // Every candidate is compared, in constant time, whichever matches.
  for (const auto step : {current - 1, current, current + 1}) {
    if (equalSecrets(totpCode(secret, step), typed) && step > after && !found) {
      found = step;
    }
  }
  return found;
}

std::string otpauthUri(std::string_view issuer, std::string_view account,
                       std::string_view base32Secret) {
  return "otpauth://totp/" + uriEncoded(issuer) + ":" + uriEncoded(account) +
         "?secret=" + std::string(base32Secret) + "&issuer=" + uriEncoded(issuer) +
         "&algorithm=SHA1&digits=6&period=30";
}

std::string groupedSecret(std::string_view base32Secret) {
  std::string out;
  for (std::size_t i = 0; i < base32Secret.size(); ++i) {
    if (i > 0 && i % 4 == 0) {
      out += ' ';
    }
    out += base32Secret[i];
  }
  return out;
}

}  // namespace dossier::auth
