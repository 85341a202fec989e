#include "app/metrics_access.hpp"

#include <gtest/gtest.h>

#include "api/error_response.hpp"

namespace dossier::app {
namespace {

http::Request from(std::string address, std::optional<std::string> authorization = {}) {
  http::Request request;
  request.method = "GET";
  request.clientAddress = std::move(address);
  if (authorization) {
    request.headers.emplace_back("authorization", *authorization);
  }
  return request;
}

int statusOf(const std::optional<Error>& refusal) {
  return refusal ? api::statusFor(refusal->kind) : 200;
}

TEST(MetricsAccess, ByDefaultOnlyThisMachineMayReadTheMetrics) {
  const MetricsAccess access;
  EXPECT_EQ(statusOf(access.refusal(from("127.0.0.1"))), 200);
  EXPECT_EQ(statusOf(access.refusal(from("::1"))), 200);
  const auto refused = access.refusal(from("192.0.2.7"));
  EXPECT_EQ(statusOf(refused), 403);
  EXPECT_EQ(refused->code, "app.metrics_forbidden");
  EXPECT_NE(refused->message.find("192.0.2.7"), std::string::npos) << refused->message;
}

TEST(MetricsAccess, TheAddressesAllowedAreTheRangesGiven) {
  MetricsAccess access;
  access.allowed = {*AddressRange::parse("10.1.0.0/16")};
  EXPECT_EQ(statusOf(access.refusal(from("10.1.2.3"))), 200);
  EXPECT_EQ(statusOf(access.refusal(from("127.0.0.1"))), 403);
}

TEST(MetricsAccess, TheRightTokenIsLetInFromAnyAddress) {
  MetricsAccess access;
  access.allowed = {};
  access.token = "a-long-scrape-token-0123456789";
  EXPECT_EQ(statusOf(access.refusal(from("192.0.2.7", "Bearer a-long-scrape-token-0123456789"))),
            200);
  EXPECT_EQ(statusOf(access.refusal(from("192.0.2.7", "bearer a-long-scrape-token-0123456789"))),
            200);
}

TEST(MetricsAccess, WithATokenConfiguredARequestWithoutOneOrWithAWrongOneIsAskedForIt) {
  MetricsAccess access;
  access.allowed = {};
  access.token = "a-long-scrape-token-0123456789";
  const auto without = access.refusal(from("192.0.2.7"));
  EXPECT_EQ(statusOf(without), 401);
  EXPECT_EQ(without->code, "app.metrics_unauthorized");
  EXPECT_EQ(statusOf(access.refusal(from("192.0.2.7", "Bearer wrong"))), 401);
  EXPECT_EQ(statusOf(access.refusal(from("192.0.2.7", "Basic a-long-scrape-token-0123456789"))),
            401);
}

TEST(MetricsAccess, AWrongTokenIsRefusedEvenFromAnAllowedAddress) {
  MetricsAccess access;
  access.token = "a-long-scrape-token-0123456789";
  EXPECT_EQ(statusOf(access.refusal(from("127.0.0.1"))), 200);
  EXPECT_EQ(statusOf(access.refusal(from("127.0.0.1", "Bearer wrong"))), 401);
}

TEST(MetricsAccess, ATokenSentToAServerThatHasNoneIsRefused) {
  const MetricsAccess access;
  const auto refused = access.refusal(from("127.0.0.1", "Bearer anything-at-all-1234"));
  EXPECT_EQ(statusOf(refused), 401);
  EXPECT_NE(refused->message.find("accepts no token"), std::string::npos);
}

}  // namespace
}  // namespace dossier::app
