#include "documents/versions.hpp"

#include <gtest/gtest.h>

namespace dossier::documents {
namespace {

TEST(DocumentVersions, ACheckInAddsOneToTheMinorVersion) {
  EXPECT_EQ(checkInVersion({1, 0}, false), (DocumentVersion{1, 1}));
  EXPECT_EQ(checkInVersion({3, 7}, false), (DocumentVersion{3, 8}));
}

TEST(DocumentVersions, TheMajorVersionIsAtLeastOne) {
  EXPECT_EQ(checkInVersion({0, 0}, false), (DocumentVersion{1, 1}));
  EXPECT_EQ(checkInVersion({0, 4}, false), (DocumentVersion{1, 5}));
}

TEST(DocumentVersions, IncrementMajorVersionRaisesTheMajorAndStartsTheMinorAtZero) {
  EXPECT_EQ(checkInVersion({1, 3}, true), (DocumentVersion{2, 0}));
  EXPECT_EQ(checkInVersion({0, 0}, true), (DocumentVersion{2, 0}));
  // Unticking the toggle gives back what the check-in would store without it.
  EXPECT_EQ(checkInVersion({1, 3}, false), (DocumentVersion{1, 4}));
}

TEST(DocumentVersions, AreShownAsMajorDotMinor) {
  EXPECT_EQ(versionLabel({2, 10}), "2.10");
}

}  // namespace
}  // namespace dossier::documents
