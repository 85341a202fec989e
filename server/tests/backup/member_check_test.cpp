#include "backup/member_check.hpp"

#include <gtest/gtest.h>

namespace dossier::backup {
namespace {

Manifest listing() {
  Manifest manifest;
  manifest.members = {{"configuration/environment.yaml", 3, "aaa"},
                      {"database/dossier.db", 5, "bbb"}};
  return manifest;
}

TEST(MemberCheck, AMemberReadAsListedIsWhole) {
  const auto manifest = listing();
  MemberCheck check(manifest, "demo.tar");
  std::string problem;
  const auto* listed = check.find("database/dossier.db", problem);
  ASSERT_NE(listed, nullptr);
  EXPECT_EQ(check.compare(*listed, {5, "bbb"}), std::nullopt);
  EXPECT_TRUE(check.whole("database/dossier.db"));
  EXPECT_FALSE(check.whole("configuration/environment.yaml"));
  EXPECT_EQ(check.totalBytes(), 8u);
}

TEST(MemberCheck, AMemberWithOtherBytesIsDamage) {
  const auto manifest = listing();
  MemberCheck check(manifest, "demo.tar");
  std::string problem;
  const auto* listed = check.find("database/dossier.db", problem);
  EXPECT_EQ(check.compare(*listed, {5, "ccc"}),
            "demo.tar is damaged: its member database/dossier.db has 5 bytes with SHA-256 ccc, "
            "where the manifest says 5 bytes with SHA-256 bbb. Use another backup.");
  EXPECT_FALSE(check.whole("database/dossier.db"));
}

TEST(MemberCheck, AMemberNotListedOrFoundTwiceIsAChangeMadeAfterwards) {
  const auto manifest = listing();
  MemberCheck check(manifest, "demo.tar");
  std::string problem;
  EXPECT_EQ(check.find("blobs/extra", problem), nullptr);
  EXPECT_EQ(problem,
            "demo.tar holds blobs/extra, which its manifest does not list: it was changed after "
            "it was written.");
  EXPECT_NE(check.find("database/dossier.db", problem), nullptr);
  EXPECT_EQ(check.find("database/dossier.db", problem), nullptr);
  EXPECT_EQ(problem,
            "demo.tar holds database/dossier.db twice: it was changed after it was written.");
}

TEST(MemberCheck, MembersListedButNotFoundMakeItIncomplete) {
  const auto manifest = listing();
  MemberCheck check(manifest, "demo.tar");
  EXPECT_EQ(check.missing(),
            "demo.tar is incomplete: 2 of the members its manifest lists are not in it "
            "(configuration/environment.yaml and others); it was cut short or changed after it "
            "was written. Use another backup.");
  std::string problem;
  check.find("configuration/environment.yaml", problem);
  check.find("database/dossier.db", problem);
  EXPECT_EQ(check.missing(), std::nullopt);
}

}  // namespace
}  // namespace dossier::backup
