#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/clock.hpp"

namespace dossier::auth {

// Time-based one-time codes (RFC 6238 over RFC 4226): six digits from HMAC-SHA-1 of the number of
// 30-second steps since 1970, what every authenticator app makes from a shared secret.

inline constexpr std::int64_t kTotpStepSeconds = 30;
inline constexpr std::size_t kTotpSecretBytes = 20;  // 160 bits, as RFC 4226 recommends

// RFC 4648 base32 without padding, the form authenticator apps take a secret in.
std::string base32Encode(std::string_view bytes);
// Spaces and letter case ignored; nothing when it is not base32.
std::optional<std::string> base32Decode(std::string_view text);

std::int64_t totpStep(TimePoint now);
std::string totpCode(std::string_view secret, std::int64_t step);

// The step whose code `code` is, among the one before now, now and the one after (a phone's clock
// a little out), and later than `after` (a code is taken once); nothing otherwise. Spaces in the
// code are ignored.
std::optional<std::int64_t> acceptedStep(std::string_view secret, std::string_view code,
                                         TimePoint now, std::int64_t after);

// otpauth://totp/{issuer}:{account}?secret=…&issuer=…, the address a QR code gives the app.
std::string otpauthUri(std::string_view issuer, std::string_view account,
                       std::string_view base32Secret);

// The secret as people type it: base32 in groups of four.
std::string groupedSecret(std::string_view base32Secret);

}  // namespace dossier::auth
