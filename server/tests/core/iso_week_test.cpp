#include "core/iso_week.hpp"

#include <gtest/gtest.h>

namespace dossier {
namespace {

TEST(IsoWeek, AWeekBeginsOnMondayAndBelongsToTheYearOfItsThursday) {
  EXPECT_EQ(isoWeek("2026-11-23"), "2026-W48");                // Monday
  EXPECT_EQ(isoWeek("2026-11-29T23:59:59.999Z"), "2026-W48");  // its Sunday
  EXPECT_EQ(isoWeek("2026-11-30"), "2026-W49");
  EXPECT_EQ(isoWeek("2027-01-01"), "2026-W53");  // a Friday: 2026's last week
  EXPECT_EQ(isoWeek("2027-01-04"), "2027-W01");
  EXPECT_EQ(isoWeek("2024-12-30"), "2025-W01");  // a Monday whose Thursday is in 2025
  EXPECT_EQ(isoWeek("2020-12-31"), "2020-W53");
}

TEST(IsoWeek, TextThatIsNotADateHasNoWeek) {
  EXPECT_EQ(isoWeek(""), std::nullopt);
  EXPECT_EQ(isoWeek("2026-02-30"), std::nullopt);
  EXPECT_EQ(isoWeek("26-11-23"), std::nullopt);
  EXPECT_EQ(isoWeek("2026/11/23"), std::nullopt);
  EXPECT_EQ(isoWeek("soon"), std::nullopt);
}

}  // namespace
}  // namespace dossier
