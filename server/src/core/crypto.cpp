#include "core/crypto.hpp"

// The SHA256_* calls keep a state that can be saved between an upload's pieces; OpenSSL 3 marks
// them deprecated in favour of EVP, whose state is opaque.
#define OPENSSL_SUPPRESS_DEPRECATED
#include <cstring>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>
#include <stdexcept>

#include <sodium.h>

namespace dossier {

void initialiseCrypto() {
  if (sodium_init() < 0) {
    throw std::runtime_error("libsodium could not be initialised");
  }
}

std::vector<std::uint8_t> randomBytes(std::size_t count) {
  std::vector<std::uint8_t> bytes(count);
  randombytes_buf(bytes.data(), bytes.size());
  return bytes;
}

std::string randomToken() {
  const auto bytes = randomBytes(32);
  std::string out(sodium_base64_ENCODED_LEN(bytes.size(), sodium_base64_VARIANT_URLSAFE_NO_PADDING),
                  '\0');
  sodium_bin2base64(out.data(), out.size(), bytes.data(), bytes.size(),
                    sodium_base64_VARIANT_URLSAFE_NO_PADDING);
  out.resize(std::char_traits<char>::length(out.c_str()));
  return out;
}

std::string randomGuid() {
  auto bytes = randomBytes(16);
  bytes[6] = static_cast<std::uint8_t>((bytes[6] & 0x0f) | 0x40);
  bytes[8] = static_cast<std::uint8_t>((bytes[8] & 0x3f) | 0x80);
  const auto hex = toHex(bytes.data(), bytes.size());
  return hex.substr(0, 8) + "-" + hex.substr(8, 4) + "-" + hex.substr(12, 4) + "-" +
         hex.substr(16, 4) + "-" + hex.substr(20);
}

std::string randomHex(std::size_t count) {
  const auto bytes = randomBytes(count);
  return toHex(bytes.data(), bytes.size());
}

std::uint32_t randomBelow(std::uint32_t bound) {
  return randombytes_uniform(bound);
}

// SHA-256 by OpenSSL, which uses the processor's SHA instructions where it has them (five times
// libsodium's portable code here): uploads hash every byte on the request path.
std::array<std::uint8_t, 32> sha256(std::string_view data) {
  // SHA256() looks its algorithm up afresh on every call (OpenSSL 3's EVP_Q_digest): ten times
  // the hashing of a session token, done for every request signed in. The context, as
  // Sha256Stream's, looks nothing up.
  std::array<std::uint8_t, 32> digest{};
  SHA256_CTX context;
  SHA256_Init(&context);
  SHA256_Update(&context, data.data(), data.size());
  SHA256_Final(digest.data(), &context);
  return digest;
}

std::string sha256Hex(std::string_view data) {
  const auto digest = sha256(data);
  return toHex(digest.data(), digest.size());
}

namespace {

// Saved hashing state starts with this, so that a state of another library or layout is refused
// (and the content hashed again) rather than misread.
constexpr std::string_view kSavedStateTag = "sha256/openssl/1:";

}  // namespace

struct Sha256Stream::State {
  SHA256_CTX context;
};

Sha256Stream::Sha256Stream() : state_(new State) {
  SHA256_Init(&state_->context);
}

Sha256Stream::~Sha256Stream() {
  delete state_;
}

void Sha256Stream::update(std::string_view bytes) {
  SHA256_Update(&state_->context, bytes.data(), bytes.size());
}

std::string Sha256Stream::saved() const {
  return std::string(kSavedStateTag) +
         std::string(reinterpret_cast<const char*>(&state_->context), sizeof(state_->context));
}

bool Sha256Stream::restore(std::string_view bytes) {
  if (!bytes.starts_with(kSavedStateTag) ||
      bytes.size() != kSavedStateTag.size() + sizeof(state_->context)) {
    return false;
  }
  std::memcpy(&state_->context, bytes.data() + kSavedStateTag.size(), sizeof(state_->context));
  return true;
}

std::string Sha256Stream::hexDigest() {
  std::array<std::uint8_t, 32> digest{};
  SHA256_Final(digest.data(), &state_->context);
  return toHex(digest.data(), digest.size());
}

std::string toHex(const std::uint8_t* data, std::size_t size) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out;
  out.reserve(size * 2);
  for (std::size_t i = 0; i < size; ++i) {
    out.push_back(digits[data[i] >> 4]);
    out.push_back(digits[data[i] & 0x0f]);
  }
  return out;
}

namespace {

std::string encodedAs(std::string_view data, int variant) {
  std::string out(sodium_base64_ENCODED_LEN(data.size(), variant), '\0');
  sodium_bin2base64(out.data(), out.size(), reinterpret_cast<const unsigned char*>(data.data()),
                    data.size(), variant);
  out.resize(std::char_traits<char>::length(out.c_str()));
  return out;
}

// The bytes of text in that variant of base64, all of it; nullopt otherwise.
std::optional<std::string> decodedAs(std::string_view text, int variant) {
  std::string out(text.size() * 3 / 4 + 3, '\0');
  std::size_t length = 0;
  const char* end = nullptr;
  if (sodium_base642bin(reinterpret_cast<unsigned char*>(out.data()), out.size(), text.data(),
                        text.size(), nullptr, &length, &end, variant) != 0 ||
      end != text.data() + text.size()) {
    return std::nullopt;
  }
  out.resize(length);
  return out;
}

}  // namespace

std::string base64Encode(std::string_view data) {
  return encodedAs(data, sodium_base64_VARIANT_ORIGINAL);
}

bool equalSecrets(std::string_view a, std::string_view b) {
  return a.size() == b.size() && sodium_memcmp(a.data(), b.data(), a.size()) == 0;
}

}  // namespace dossier

namespace dossier {

std::optional<std::string> base64Decode(std::string_view text) {
  initialiseCrypto();
  if (auto padded = decodedAs(text, sodium_base64_VARIANT_ORIGINAL)) {
    return padded;
  }
  return decodedAs(text, sodium_base64_VARIANT_ORIGINAL_NO_PADDING);
}

std::string base64UrlEncode(std::string_view data) {
  initialiseCrypto();
  return encodedAs(data, sodium_base64_VARIANT_URLSAFE_NO_PADDING);
}

std::optional<std::string> base64UrlDecode(std::string_view text) {
  initialiseCrypto();
  return decodedAs(text, sodium_base64_VARIANT_URLSAFE_NO_PADDING);
}

std::array<std::uint8_t, 20> hmacSha1(std::string_view key, std::string_view data) {
  std::array<std::uint8_t, 20> out{};
  unsigned int length = 0;
  HMAC(EVP_sha1(), key.data(), static_cast<int>(key.size()),
       reinterpret_cast<const unsigned char*>(data.data()), data.size(), out.data(), &length);
  return out;
}

std::array<std::uint8_t, 32> hmacSha256(std::string_view key, std::string_view data) {
  std::array<std::uint8_t, 32> out{};
  unsigned int length = 0;
  HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
       reinterpret_cast<const unsigned char*>(data.data()), data.size(), out.data(), &length);
  return out;
}

}  // namespace dossier
