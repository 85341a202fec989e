#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dossier {

// Initialises libsodium; safe to call more than once and from several threads.
void initialiseCrypto();

std::vector<std::uint8_t> randomBytes(std::size_t count);
// 256 random bits as unpadded base64url: a session token.
std::string randomToken();
std::string randomHex(std::size_t bytes);
// A random (version 4) UUID, as records and documents are named: "1b4e28ba-2fa1-4d2e-…".
std::string randomGuid();
// A uniformly chosen index in [0, bound).
std::uint32_t randomBelow(std::uint32_t bound);

std::array<std::uint8_t, 32> sha256(std::string_view data);
std::string sha256Hex(std::string_view data);
std::string toHex(const std::uint8_t* data, std::size_t size);
// HMAC-SHA-1 (RFC 2104), as the one-time codes of authenticator apps are made (RFC 4226).
std::array<std::uint8_t, 20> hmacSha1(std::string_view key, std::string_view data);
std::array<std::uint8_t, 32> hmacSha256(std::string_view key, std::string_view data);

// SHA-256 of content that arrives in pieces.
class Sha256Stream {
 public:
  Sha256Stream();
  ~Sha256Stream();
  Sha256Stream(const Sha256Stream&) = delete;
  Sha256Stream& operator=(const Sha256Stream&) = delete;
  void update(std::string_view bytes);
  std::string hexDigest();  // once, at the end
  // The hashing so far as bytes, to go on with in another request (the same build reads them
  // back; anything else is refused and the content hashed again).
  std::string saved() const;
  bool restore(std::string_view bytes);

 private:
  struct State;
  State* state_;
};

std::string base64Encode(std::string_view data);
// Standard base64 (padding optional); nullopt when it is not base64.
std::optional<std::string> base64Decode(std::string_view text);

// base64url without padding (RFC 4648 §5), as JSON Web Tokens and PKCE write bytes.
std::string base64UrlEncode(std::string_view data);
std::optional<std::string> base64UrlDecode(std::string_view text);

// Constant-time comparison for secrets.
bool equalSecrets(std::string_view a, std::string_view b);

}  // namespace dossier
