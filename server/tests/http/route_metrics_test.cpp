#include "http/route_metrics.hpp"

#include <gtest/gtest.h>

namespace dossier::http {
namespace {

std::string exposition(const metrics::Registry& registry) {
  metrics::TextFormat out;
  registry.write(out);
  return out.take();
}

TEST(RouteMetrics, CountsARoutesRequestsByStatusUnderItsPatternAndTimesThem) {
  metrics::Registry registry;
  RouteMetrics search(registry, "GET", "/api/{env}/search");
  search.observe(200, 0.003);
  search.observe(200, 0.2);
  search.observe(400, 0.001);
  const auto text = exposition(registry);
  EXPECT_NE(text.find("dossier_http_requests_total{method=\"GET\",route=\"/api/{env}/search\","
                      "status=\"200\"} 2\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("dossier_http_requests_total{method=\"GET\",route=\"/api/{env}/search\","
                      "status=\"400\"} 1\n"),
            std::string::npos);
  EXPECT_NE(text.find("dossier_http_request_duration_seconds_bucket{method=\"GET\",route=\"/api/"
                      "{env}/search\",le=\"0.005\"} 2\n"),
            std::string::npos);
  EXPECT_NE(text.find("dossier_http_request_duration_seconds_count{method=\"GET\",route=\"/api/"
                      "{env}/search\"} 3\n"),
            std::string::npos);
}

TEST(RouteMetrics, ARouteNobodyCalledAddsNoSeries) {
  metrics::Registry registry;
  RouteMetrics idle(registry, "GET", "/api/{env}/menu");
  EXPECT_EQ(exposition(registry).find("/api/{env}/menu"), std::string::npos);
}

TEST(RouteMetrics, MoreStatusesThanItKeepsAtHandAreStillEachCounted) {
  metrics::Registry registry;
  RouteMetrics route(registry, "POST", "/api/{env}/case");
  for (int round = 0; round < 2; ++round) {
    for (int status = 200; status < 230; ++status) {
      route.observe(status, 0.01);
    }
  }
  auto& family = registry.counter("dossier_http_requests_total", "", {"method", "route", "status"});
  for (int status = 200; status < 230; ++status) {
    EXPECT_EQ(family.with({"POST", "/api/{env}/case", std::to_string(status)}).value(), 2u)
        << status;
  }
}

TEST(RouteMetrics, AMadeUpMethodIsCountedAsOther) {
  EXPECT_EQ(RouteMetrics::methodLabel("GET"), "GET");
  EXPECT_EQ(RouteMetrics::methodLabel("OPTIONS"), "OPTIONS");
  EXPECT_EQ(RouteMetrics::methodLabel("BREW"), "OTHER");
  EXPECT_EQ(RouteMetrics::methodLabel("get"), "OTHER");
}

}  // namespace
}  // namespace dossier::http
