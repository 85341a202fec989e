#include "core/clock.hpp"

#include <gtest/gtest.h>

namespace dossier {
namespace {

TEST(Clock, WritesUtcWithMillisecondsAtAFixedWidth) {
  const auto time = Clock::from_time_t(1'795'000'000) + std::chrono::milliseconds(7);
  EXPECT_EQ(formatIsoTime(time), "2026-11-18T11:06:40.007Z");
}

TEST(Clock, ReadsBackWhatItWrites) {
  const auto time = Clock::from_time_t(1'795'000'000) + std::chrono::milliseconds(123);
  EXPECT_EQ(parseIsoTime(formatIsoTime(time)), time);
  EXPECT_EQ(parseIsoTime("2026-11-18T11:06:40Z"), Clock::from_time_t(1'795'000'000));
}

TEST(Clock, RefusesTextThatIsNotAUtcTime) {
  EXPECT_FALSE(parseIsoTime("yesterday"));
  EXPECT_FALSE(parseIsoTime("2026-11-18T08:26:40+01:00"));
  EXPECT_FALSE(parseIsoTime("2026-13-18T08:26:40Z"));
  EXPECT_FALSE(parseIsoTime("2026-11-18T08:26:40."));
}

TEST(Clock, TextOrderIsTimeOrder) {
  const auto earlier = formatIsoTime(Clock::from_time_t(999'999'999));
  const auto later = formatIsoTime(Clock::from_time_t(1'000'000'000));
  EXPECT_LT(earlier, later);
}

}  // namespace
}  // namespace dossier
