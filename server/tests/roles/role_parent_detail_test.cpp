#include <gtest/gtest.h>

#include "roles/role_detail.hpp"
#include "roles/roles_fixture.hpp"

namespace dossier::roles {
namespace {

namespace json = boost::json;
using types::EntityKind;

class RoleParentDetail : public testing::RolesFixture {
 protected:
  Result<json::object> detail(const api::Session& who, const char* role,
                              const records::Record& parent) {
    const auto identifier = parent.identifier();
    return roleParentDetail(environment(), who, role, {parent.kind, identifier, {}});
  }
  Result<json::object> detailOfNew(const api::Session& who, const char* role, EntityKind kind,
                                   const char* typeRef) {
    return roleParentDetail(environment(), who, role, {kind, {}, typeRef});
  }
};

TEST_F(RoleParentDetail, TellsTheRoleWhoMayHoldItAndThatACaseworkerMayAddHolders) {
  const auto noise = complaint("Noise at night");
  const auto shown = detail(jo, "WITNESS", noise);
  ASSERT_TRUE(shown) << shown.error().message;
  EXPECT_EQ(*shown, (json::object{{"roleCode", "WITNESS"},
                                  {"name", "Witness"},
                                  {"heldIn", "Witness in"},
                                  {"holderKind", "person"},
                                  {"lookupEntityType", "IND"},
                                  {"singleOwner", false},
                                  {"parentKind", "case"},
                                  {"parentIdentifier", noise.identifier()},
                                  {"parentDisplay", "Noise at night"},
                                  {"parentTypeRef", "COMP"},
                                  {"parentTypeName", "Complaint"},
                                  {"canAdd", true}}));
}

TEST_F(RoleParentDetail, SomeoneWhoMayOnlyLookCannotAdd) {
  const auto shown = detail(visitor, "WITNESS", complaint());
  ASSERT_TRUE(shown);
  EXPECT_EQ(shown->at("canAdd"), false);
}

TEST_F(RoleParentDetail, ARoleAFieldHoldsNamesTheFieldAndIsNotAddedOneByOne) {
  const auto shown = detail(jo, "COMPLAINANT", complaint());
  ASSERT_TRUE(shown);
  EXPECT_EQ(shown->at("fieldId"), "complainant");
  EXPECT_EQ(shown->at("fieldLabel"), "Complainant");
  EXPECT_EQ(shown->at("canAdd"), false);
}

TEST_F(RoleParentDetail, ASingleOwnerRoleSaysSo) {
  const auto shown = detail(ivy, "INVESTIGATED", investigation());
  ASSERT_TRUE(shown);
  EXPECT_EQ(shown->at("singleOwner"), true);
  EXPECT_EQ(shown->at("holderKind"), "case");
}

TEST_F(RoleParentDetail, AnObsoleteParentIsShownButCannotGainHolders) {
  const auto margaret = individual();
  ASSERT_TRUE(forms::setPersonObsolete(environment(), meg, margaret.identifier(), true,
                                       testing::at("2026-03-15T09:00:00Z")));
  const auto shown = detail(jo, "RELATIVE", margaret);
  ASSERT_TRUE(shown);
  EXPECT_EQ(shown->at("canAdd"), false);
}

TEST_F(RoleParentDetail, ANewParentIsNamedByItsTypeAndHasNoHoldersToAddYet) {
  const auto shown = detailOfNew(jo, "WITNESS", EntityKind::Case, "COMP");
  ASSERT_TRUE(shown) << shown.error().message;
  EXPECT_EQ(shown->at("parentTypeName"), "Complaint");
  EXPECT_FALSE(shown->contains("parentIdentifier"));
  EXPECT_EQ(shown->at("canAdd"), false);
}

TEST_F(RoleParentDetail, ANewParentOfATypeThePersonCannotCreateIsNotThere) {
  const auto shown = detailOfNew(jo, "WITNESS", EntityKind::Case, "INV");
  ASSERT_FALSE(shown);
  EXPECT_EQ(shown.error().kind, ErrorKind::NotFound);
  EXPECT_EQ(shown.error().message, "There is no case type 'INV'.");
}

TEST_F(RoleParentDetail, AnUnknownRoleAHiddenParentAndARoleNotOnTheTypeAreRefused) {
  const auto unknown = detail(jo, "NOPE", complaint());
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error().kind, ErrorKind::NotFound);
  EXPECT_EQ(unknown.error().message, "There is no role 'NOPE'.");

  const auto enquiry = investigation();
  const auto hidden = detail(jo, "WITNESS", enquiry);
  ASSERT_FALSE(hidden);
  EXPECT_EQ(hidden.error().kind, ErrorKind::NotFound);
  EXPECT_EQ(hidden.error().message, "There is no case " + enquiry.identifier() + ".");

  const auto notOnType = detail(jo, "SUBJECT", complaint());
  ASSERT_FALSE(notOnType);
  EXPECT_EQ(notOnType.error().kind, ErrorKind::BadRequest);
  EXPECT_EQ(notOnType.error().message, "A Complaint has no Subject role.");
}

}  // namespace
}  // namespace dossier::roles
