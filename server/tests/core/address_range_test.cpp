#include "core/address_range.hpp"

#include <gtest/gtest.h>

namespace dossier {
namespace {

bool inRange(std::string_view range, std::string_view address) {
  const auto parsed = AddressRange::parse(range);
  EXPECT_TRUE(parsed) << range;
  return parsed && parsed->contains(address);
}

TEST(AddressRange, AnIpv4RangeHoldsTheAddressesOfItsPrefix) {
  EXPECT_TRUE(inRange("10.0.0.0/8", "10.200.3.4"));
  EXPECT_FALSE(inRange("10.0.0.0/8", "11.0.0.1"));
  EXPECT_TRUE(inRange("192.168.4.0/22", "192.168.7.255"));
  EXPECT_FALSE(inRange("192.168.4.0/22", "192.168.8.0"));
  EXPECT_TRUE(inRange("0.0.0.0/0", "203.0.113.9"));
}

TEST(AddressRange, AnAddressAloneIsARangeOfOne) {
  EXPECT_TRUE(inRange("192.0.2.7", "192.0.2.7"));
  EXPECT_FALSE(inRange("192.0.2.7", "192.0.2.8"));
  EXPECT_TRUE(inRange("::1", "::1"));
}

TEST(AddressRange, Ipv6RangesAndIpv4ClientsSeenThroughIpv6) {
  EXPECT_TRUE(inRange("2001:db8::/32", "2001:db8:1::5"));
  EXPECT_FALSE(inRange("2001:db8::/32", "2001:db9::5"));
  EXPECT_TRUE(inRange("127.0.0.0/8", "::ffff:127.0.0.1"));
  EXPECT_FALSE(inRange("127.0.0.0/8", "::1"));
  EXPECT_FALSE(inRange("::1/128", "127.0.0.1"));
}

TEST(AddressRange, TextThatIsNoAddressOrRangeIsRefused) {
  for (const auto* text : {"", "localhost", "10.0.0.300/8", "10.0.0.0/33", "10.0.0.0/", "::/129",
                           "10.0.0.0/8x", "10.0.0.0/-1"}) {
    EXPECT_FALSE(AddressRange::parse(text)) << text;
  }
  EXPECT_FALSE(AddressRange::parse("10.0.0.0/8")->contains("not an address"));
}

}  // namespace
}  // namespace dossier
