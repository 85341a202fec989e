#include "records/access.hpp"

#include <gtest/gtest.h>

#include "db/pool.hpp"
#include "records/record_writer.hpp"
#include "support/test_environment.hpp"

namespace dossier::records {
namespace {

using types::Catalog;
using types::EntityKind;
using types::EntityType;
using types::FieldDef;
using types::FieldType;

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

// The one check of a stored record
// -----------------------------------------------------------------

class RecordAccessCheck : public ::testing::Test {
 protected:
  testing::TestEnvironment test;
  db::Pool::Lease db = test.db().acquire();
  Catalog catalog;

  void SetUp() override {
    catalog.groups = {{"caseworkers", "", {"jsmith"}}, {"managers", "", {"meg"}}};
    add(EntityKind::Person, "IND", {"everyone"}, {"caseworkers", "managers"}, {"managers"});
    add(EntityKind::Person, "INF", {"managers"}, {"managers"}, {"managers"});
  }

  void add(EntityKind kind, const char* ref, std::vector<std::string> view,
           std::vector<std::string> modify, std::vector<std::string> remove) {
    auto type = std::make_shared<EntityType>();
    type->kind = kind;
    type->ref = ref;
    type->name = std::string(ref) == "IND" ? "Individual" : "Informant";
    type->access = {std::move(view), modify, modify, std::move(remove)};
    catalog.types.push_back(type);
  }

  Record person(const char* ref, bool obsolete = false) {
    Record record;
    record.kind = EntityKind::Person;
    record.obsolete = obsolete;
    createRecord(*db, *catalog.find(EntityKind::Person, ref), record, {"created", {}, nullptr},
                 {1, "admin", "Admin"}, Clock::now());
    return record;
  }
};

TEST_F(RecordAccessCheck, GivesTheRecordItsTypeAndTheRightsOfTheUser) {
  const auto ann = person("IND");
  const auto found = recordAccess(*db, catalog, EntityKind::Person, ann.identifier(), "jsmith");
  ASSERT_TRUE(found.has_value());
  EXPECT_EQ(found->record.id, ann.id);
  ASSERT_NE(found->type, nullptr);
  EXPECT_EQ(found->type->ref, "IND");
  EXPECT_TRUE(found->visible());
  EXPECT_TRUE(found->access.canModify);
  EXPECT_FALSE(found->access.canDelete);
  EXPECT_TRUE(found->access.readOnlyReason.empty());
  EXPECT_EQ(recordAccessById(*db, catalog, EntityKind::Person, ann.id, "jsmith")->record.guid,
            ann.guid);
}

TEST_F(RecordAccessCheck, TellsNothingOfARecordThatIsNotThere) {
  EXPECT_FALSE(recordAccess(*db, catalog, EntityKind::Person, "999", "meg").has_value());
  EXPECT_FALSE(recordAccess(*db, catalog, EntityKind::Case, "CMP-2026-00001", "meg").has_value());
  EXPECT_FALSE(recordAccessById(*db, catalog, EntityKind::Person, 999, "meg").has_value());
}

TEST_F(RecordAccessCheck, ARecordOfATypeTheUserMayNotSeeIsNotVisible) {
  const auto kestrel = person("INF");
  const auto hidden =
      recordAccess(*db, catalog, EntityKind::Person, kestrel.identifier(), "jsmith");
  ASSERT_TRUE(hidden.has_value());
  EXPECT_FALSE(hidden->visible());
  EXPECT_FALSE(hidden->access.canModify);
  EXPECT_TRUE(
      recordAccess(*db, catalog, EntityKind::Person, kestrel.identifier(), "meg")->visible());
}

TEST_F(RecordAccessCheck, AnObsoletePersonIsReadOnlyAndSaysWhyButCanStillBeReinstated) {
  const auto gone = person("IND", true);
  const auto found = recordAccess(*db, catalog, EntityKind::Person, gone.identifier(), "meg");
  ASSERT_TRUE(found.has_value());
  EXPECT_TRUE(found->visible());
  EXPECT_FALSE(found->access.canModify);
  EXPECT_TRUE(found->access.canDelete);
  EXPECT_EQ(found->access.readOnlyReason,
            "This Individual is obsolete. Reinstate it to change it.");
  // Someone who could not change it anyway is not told to reinstate it.
  const auto reader = recordAccess(*db, catalog, EntityKind::Person, gone.identifier(), "visitor");
  EXPECT_TRUE(reader->access.readOnlyReason.empty());
}

TEST_F(RecordAccessCheck, ARecordWhoseTypeIsNoLongerConfiguredAllowsNothing) {
  const auto ann = person("IND");
  Catalog without;
  without.groups = catalog.groups;
  const auto found = recordAccess(*db, without, EntityKind::Person, ann.identifier(), "meg");
  ASSERT_TRUE(found.has_value());
  EXPECT_EQ(found->type, nullptr);
  EXPECT_FALSE(found->visible());
}

}  // namespace
}  // namespace dossier::records
