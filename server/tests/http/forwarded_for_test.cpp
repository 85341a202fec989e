#include "http/forwarded_for.hpp"

#include <gtest/gtest.h>

namespace dossier::http {
namespace {

std::vector<AddressRange> ranges(std::initializer_list<const char*> texts) {
  std::vector<AddressRange> parsed;
  for (const auto* text : texts) {
    parsed.push_back(*AddressRange::parse(text));
  }
  return parsed;
}

const auto kBalancer = ranges({"10.0.0.5"});

TEST(ForwardedFor, WithoutTrustedProxiesThePeerIsTheClient) {
  EXPECT_EQ(clientBehind("10.0.0.5", "203.0.113.9", {}), "10.0.0.5");
}

TEST(ForwardedFor, ARequestThroughATrustedBalancerIsFromTheAddressItHeardFrom) {
  EXPECT_EQ(clientBehind("10.0.0.5", "203.0.113.9", kBalancer), "203.0.113.9");
  EXPECT_EQ(clientBehind("10.0.0.5", " 2001:db8::7 ", kBalancer), "2001:db8::7");
}

TEST(ForwardedFor, AnyOtherPeerIsNotBelievedWhatItSays) {
  EXPECT_EQ(clientBehind("198.51.100.4", "203.0.113.9", kBalancer), "198.51.100.4");
}

TEST(ForwardedFor, WhatAClientWroteItselfStaysToTheLeftAndIsNeverTaken) {
  // The client sent "X-Forwarded-For: 127.0.0.1"; the balancer added the address it heard from.
  EXPECT_EQ(clientBehind("10.0.0.5", "127.0.0.1, 203.0.113.9", kBalancer), "203.0.113.9");
}

TEST(ForwardedFor, TrustedProxiesInAChainArePassedOver) {
  const auto chain = ranges({"10.0.0.0/24"});
  EXPECT_EQ(clientBehind("10.0.0.5", "198.51.100.1, 203.0.113.9, 10.0.0.7", chain), "203.0.113.9");
  // Every hop trusted: the first one named is as far as can be told.
  EXPECT_EQ(clientBehind("10.0.0.5", "10.0.0.8, 10.0.0.7", chain), "10.0.0.8");
}

TEST(ForwardedFor, SomethingThatIsNotAnAddressEndsTheReadingAtTheLastAddressBelieved) {
  EXPECT_EQ(clientBehind("10.0.0.5", "203.0.113.9, unknown", kBalancer), "10.0.0.5");
  EXPECT_EQ(clientBehind("10.0.0.5", "203.0.113.9:443", kBalancer), "10.0.0.5");
  EXPECT_EQ(clientBehind("10.0.0.5", "10.0.0.0/8", kBalancer), "10.0.0.5");
  EXPECT_EQ(clientBehind("10.0.0.5", "", kBalancer), "10.0.0.5");
}

TEST(ForwardedFor, ATrustedPeerWithoutTheHeaderIsTheClient) {
  EXPECT_EQ(clientBehind("10.0.0.5", std::nullopt, kBalancer), "10.0.0.5");
}

}  // namespace
}  // namespace dossier::http
