#include "metrics/registry.hpp"

#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

namespace dossier::metrics {
namespace {

std::string exposition(const Registry& registry) {
  TextFormat out;
  registry.write(out);
  return out.take();
}

TEST(MetricsRegistry, ACounterIsWrittenWithItsHelpTypeAndLabels) {
  Registry registry;
  auto& requests =
      registry.counter("dossier_test_requests_total", "Requests answered.", {"route", "status"});
  requests.with({"/api/{env}/menu", "200"}).increment();
  requests.with({"/api/{env}/menu", "200"}).increment(2);
  requests.with({"/api/{env}/menu", "404"}).increment();
  EXPECT_EQ(exposition(registry),
            "# HELP dossier_test_requests_total Requests answered.\n"
            "# TYPE dossier_test_requests_total counter\n"
            "dossier_test_requests_total{route=\"/api/{env}/menu\",status=\"200\"} 3\n"
            "dossier_test_requests_total{route=\"/api/{env}/menu\",status=\"404\"} 1\n");
}

TEST(MetricsRegistry, LabelValuesAndHelpAreEscapedSoThatAnyTextStaysParseable) {
  Registry registry;
  registry.gauge("dossier_test_value", "A help text with a \\ and a\nsecond line.", {"name"})
      .with({"say \"hi\"\\now\nplease"})
      .set(1.5);
  EXPECT_EQ(exposition(registry),
            "# HELP dossier_test_value A help text with a \\\\ and a\\nsecond line.\n"
            "# TYPE dossier_test_value gauge\n"
            "dossier_test_value{name=\"say \\\"hi\\\"\\\\now\\nplease\"} 1.5\n");
}

TEST(MetricsRegistry, AGaugeGoesUpAndDownAndASeriesWithoutLabelsHasNoBraces) {
  Registry registry;
  auto& busy = registry.gauge("dossier_test_busy", "Busy now.").with({});
  busy.increment();
  busy.increment();
  busy.decrement();
  EXPECT_EQ(exposition(registry),
            "# HELP dossier_test_busy Busy now.\n"
            "# TYPE dossier_test_busy gauge\n"
            "dossier_test_busy 1\n");
}

TEST(MetricsRegistry, AHistogramsBucketsAreCumulativeAndEndWithInfAndItsSumAndCount) {
  Registry registry;
  auto& durations =
      registry.histogram("dossier_test_seconds", "How long.", {"route"}, {0.005, 0.1, 1});
  auto& series = durations.with({"/x"});
  series.observe(0.001);  // ≤ 0.005
  series.observe(0.005);  // on a bound: that bucket
  series.observe(0.05);   // ≤ 0.1
  series.observe(3);      // beyond every bound
  EXPECT_EQ(exposition(registry),
            "# HELP dossier_test_seconds How long.\n"
            "# TYPE dossier_test_seconds histogram\n"
            "dossier_test_seconds_bucket{route=\"/x\",le=\"0.005\"} 2\n"
            "dossier_test_seconds_bucket{route=\"/x\",le=\"0.1\"} 3\n"
            "dossier_test_seconds_bucket{route=\"/x\",le=\"1\"} 3\n"
            "dossier_test_seconds_bucket{route=\"/x\",le=\"+Inf\"} 4\n"
            "dossier_test_seconds_sum{route=\"/x\"} 3.056\n"
            "dossier_test_seconds_count{route=\"/x\"} 4\n");
}

TEST(MetricsRegistry, FamiliesAreWrittenInTheOrderOfTheirNames) {
  Registry registry;
  registry.counter("dossier_b_total", "B.").with({}).increment();
  registry.counter("dossier_a_total", "A.").with({}).increment();
  const auto text = exposition(registry);
  EXPECT_LT(text.find("dossier_a_total"), text.find("dossier_b_total"));
}

TEST(MetricsRegistry, AskingForAFamilyAgainGivesTheSameOneAndItsSeries) {
  Registry registry;
  auto& first = registry.counter("dossier_test_total", "Help.", {"environment"});
  auto& again = registry.counter("dossier_test_total", "Help.", {"environment"});
  EXPECT_EQ(&first, &again);
  EXPECT_EQ(&first.with({"demo"}), &again.with({"demo"}));
}

TEST(MetricsRegistry, ANameMadeBeforeWithAnotherTypeOrLabelsIsRefused) {
  Registry registry;
  registry.counter("dossier_test_total", "Help.", {"environment"});
  EXPECT_THROW(registry.gauge("dossier_test_total", "Help.", {"environment"}), std::logic_error);
  EXPECT_THROW(registry.counter("dossier_test_total", "Help.", {"route"}), std::logic_error);
}

TEST(MetricsRegistry, NamesLabelsAndBucketsMustKeepPrometheusRules) {
  Registry registry;
  EXPECT_THROW(registry.counter("dossier-test", "Help."), std::invalid_argument);
  EXPECT_THROW(registry.counter("1dossier", "Help."), std::invalid_argument);
  EXPECT_THROW(registry.counter("dossier_a", "Help.", {"le"}), std::invalid_argument);
  EXPECT_THROW(registry.counter("dossier_b", "Help.", {"a-b"}), std::invalid_argument);
  EXPECT_THROW(registry.histogram("dossier_c", "Help.", {}, {1, 0.5}), std::invalid_argument);
  auto& family = registry.counter("dossier_d", "Help.", {"one", "two"});
  EXPECT_THROW(family.with({"only one"}), std::invalid_argument);
}

TEST(MetricsRegistry, CountsFromManyThreadsAtOnceAreAllKept) {
  Registry registry;
  auto& counter = registry.counter("dossier_test_total", "Help.").with({});
  auto& histogram = registry.histogram("dossier_test_seconds", "Help.", {}, {1}).with({});
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < 10000; ++i) {
        counter.increment();
        histogram.observe(0.5);
      }
    });
  }
  for (auto& thread : threads) {
    thread.join();
  }
  EXPECT_EQ(counter.value(), 40000u);
  const auto snapshot = histogram.snapshot();
  EXPECT_EQ(snapshot.count, 40000u);
  EXPECT_DOUBLE_EQ(snapshot.sum, 20000);
}

TEST(MetricsTextFormat, NumbersAreWrittenShortestAndInfinitiesAsPrometheusReadsThem) {
  EXPECT_EQ(formatNumber(0.005), "0.005");
  EXPECT_EQ(formatNumber(10), "10");
  EXPECT_EQ(formatNumber(1.5e-7), "1.5e-07");
  EXPECT_EQ(formatNumber(std::numeric_limits<double>::infinity()), "+Inf");
  EXPECT_EQ(formatNumber(-std::numeric_limits<double>::infinity()), "-Inf");
  EXPECT_EQ(formatNumber(std::numeric_limits<double>::quiet_NaN()), "NaN");
}

}  // namespace
}  // namespace dossier::metrics
