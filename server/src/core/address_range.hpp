#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace dossier {

// A range of IP addresses in CIDR notation — 10.0.0.0/8, 2001:db8::/32 — or one address
// (127.0.0.1, ::1). An IPv4 address written as IPv6 (::ffff:10.1.2.3, as a server listening on
// :: sees IPv4 clients) is taken as the IPv4 address it is.
class AddressRange {
 public:
  // Nothing when the text is not an address or range (a prefix longer than the address, a
  // name instead of a number).
  static std::optional<AddressRange> parse(std::string_view text);

  bool contains(std::string_view address) const;
  std::string text() const { return text_; }

 private:
  struct Address {
    std::array<std::uint8_t, 16> bytes{};
    bool v4 = false;
  };
  static std::optional<Address> parseAddress(std::string_view text);

  Address network_;
  int prefix_ = 0;
  std::string text_;
};

}  // namespace dossier
