#include "entities/access.hpp"

#include <gtest/gtest.h>

namespace dossier::entities {
namespace {

class Access : public ::testing::Test {
 protected:
  Catalog catalog;
  EntityType complaint;
  EntityType investigation;

  void SetUp() override {
    catalog.groups = {{"caseworkers", "", {"jsmith", "akhan"}},
                      {"administrators", "", {"admin"}},
                      {"investigators", "", {"ivy"}}};
    complaint.name = "Complaint";
    complaint.access = {
        {"everyone"}, {"caseworkers", "administrators"}, {"caseworkers"}, {"administrators"}};
    // Caseworkers are named for every right but seeing: they may do none of it.
    investigation.name = "Investigation";
    investigation.access = {{"investigators"},
                            {"investigators", "caseworkers"},
                            {"investigators", "caseworkers"},
                            {"caseworkers"}};
  }
};

TEST_F(Access, EveryUserIsInEveryone) {
  const auto groups = catalog.groupsOf("somebody");
  EXPECT_EQ(groups, std::set<std::string>{"everyone"});
  EXPECT_EQ(catalog.groupsOf("jsmith"), (std::set<std::string>{"everyone", "caseworkers"}));
}

TEST_F(Access, RightsComeFromTheGroupsAUserIsIn) {
  const auto caseworker = accessFor(catalog, complaint, "jsmith");
  EXPECT_TRUE(caseworker.canView);
  EXPECT_TRUE(caseworker.canCreate);
  EXPECT_TRUE(caseworker.canModify);
  EXPECT_FALSE(caseworker.canDelete);

  const auto admin = accessFor(catalog, complaint, "admin");
  EXPECT_TRUE(admin.canView);
  EXPECT_TRUE(admin.canCreate);
  EXPECT_FALSE(admin.canModify);
  EXPECT_TRUE(admin.canDelete);
}

TEST_F(Access, AUserInNoGroupHasWhatEveryoneHas) {
  const auto access = accessFor(catalog, complaint, "visitor");
  EXPECT_TRUE(access.canView);
  EXPECT_FALSE(access.canCreate);
  EXPECT_FALSE(access.canModify);
  EXPECT_FALSE(access.canDelete);
}

TEST_F(Access, UsernamesMatchWhateverTheirCase) {
  const auto access = accessFor(catalog, complaint, "JSmith");
  EXPECT_TRUE(access.canModify);
  EXPECT_TRUE(accessFor(catalog, investigation, "IVY").canView);
}

TEST_F(Access, CreatingChangingOrDeletingNeedsTheRightToView) {
  const auto caseworker = accessFor(catalog, investigation, "jsmith");
  EXPECT_FALSE(caseworker.canView);
  EXPECT_FALSE(caseworker.canCreate);
  EXPECT_FALSE(caseworker.canModify);
  EXPECT_FALSE(caseworker.canDelete);

  const auto investigator = accessFor(catalog, investigation, "ivy");
  EXPECT_TRUE(investigator.canView);
  EXPECT_TRUE(investigator.canCreate);
  EXPECT_TRUE(investigator.canModify);
  EXPECT_FALSE(investigator.canDelete);
}

TEST_F(Access, ATypeWithNoRightsIsClosedToEveryone) {
  EntityType closed;
  const auto access = accessFor(catalog, closed, "admin");
  EXPECT_FALSE(access.canView);
  EXPECT_FALSE(access.canCreate);
}

}  // namespace
}  // namespace dossier::entities
