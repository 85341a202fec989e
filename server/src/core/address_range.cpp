#include "core/address_range.hpp"

#include <arpa/inet.h>
#include <charconv>
#include <cstring>

namespace dossier {

std::optional<AddressRange::Address> AddressRange::parseAddress(std::string_view text) {
  const std::string copy(text);
  Address address;
  if (inet_pton(AF_INET, copy.c_str(), address.bytes.data()) == 1) {
    address.v4 = true;
    return address;
  }
  if (inet_pton(AF_INET6, copy.c_str(), address.bytes.data()) != 1) {
    return std::nullopt;
  }
  static constexpr std::uint8_t kMapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF};
  if (std::memcmp(address.bytes.data(), kMapped, sizeof kMapped) == 0) {
    std::memmove(address.bytes.data(), address.bytes.data() + 12, 4);
    std::memset(address.bytes.data() + 4, 0, 12);
    address.v4 = true;
  }
  return address;
}

std::optional<AddressRange> AddressRange::parse(std::string_view text) {
  const auto slash = text.find('/');
  auto address = parseAddress(text.substr(0, slash));
  if (!address) {
    return std::nullopt;
  }
  const int bits = address->v4 ? 32 : 128;
  int prefix = bits;
  if (slash != std::string_view::npos) {
    const auto digits = text.substr(slash + 1);
    const auto* end = digits.data() + digits.size();
    const auto [ptr, ec] = std::from_chars(digits.data(), end, prefix);
    if (digits.empty() || ec != std::errc{} || ptr != end || prefix < 0 || prefix > bits) {
      return std::nullopt;
    }
  }
  AddressRange range;
  range.network_ = *address;
  range.prefix_ = prefix;
  range.text_ = std::string(text);
  return range;
}

bool AddressRange::contains(std::string_view text) const {
  const auto address = parseAddress(text);
  if (!address || address->v4 != network_.v4) {
    return false;
  }
  const int whole = prefix_ / 8;
  if (std::memcmp(address->bytes.data(), network_.bytes.data(), static_cast<std::size_t>(whole)) !=
      0) {
    return false;
  }
  const int rest = prefix_ % 8;
  if (rest == 0) {
    return true;
  }
  const auto mask = static_cast<std::uint8_t>(0xFF << (8 - rest));
  return (address->bytes[whole] & mask) == (network_.bytes[whole] & mask);
}

}  // namespace dossier
