#include <gtest/gtest.h>

#include "roles/roles_fixture.hpp"

namespace dossier::roles {
namespace {

using testing::at;

namespace json = boost::json;
using testing::Rows;

class RoleHolders : public testing::RolesFixture {};

TEST_F(RoleHolders, ARowNamesTheOtherRecordItsTypeAndWhoAddedIt) {
  const auto noise = complaint("Noise at night");
  const auto margaret = individual("Margaret", "Okafor");
  const auto linkId = added(jo, "WITNESS", noise, margaret);

  const auto shown = holdersOf(ann, noise);
  const auto& row = shown.at("holders").at(0).as_object();
  EXPECT_EQ(row.at("linkId"), linkId);
  EXPECT_EQ(row.at("roleCode"), "WITNESS");
  EXPECT_EQ(row.at("roleName"), "Witness");
  EXPECT_EQ(row.at("createdBy"), "Jo Smith");
  EXPECT_EQ(row.at("canRemove"), true);
  EXPECT_FALSE(row.contains("fieldId"));
  EXPECT_EQ(row.at("record"), (json::object{{"kind", "person"},
                                            {"unavailable", false},
                                            {"identifier", margaret.identifier()},
                                            {"display", "Margaret Okafor"},
                                            {"typeRef", "IND"},
                                            {"typeName", "Individual"}}));

  const auto heldIn = holdersOf(ann, margaret).at("heldIn").at(0).as_object();
  EXPECT_EQ(heldIn.at("roleName"), "Witness in");
  EXPECT_EQ(heldIn.at("canRemove"), false) << "a holder is removed from its parent";
  EXPECT_EQ(heldIn.at("record").at("statusName"), "Open");
}

TEST_F(RoleHolders, ARecordThePersonCannotSeeIsShownOnlyAsBeingThere) {
  const auto enquiry = investigation("Quiet enquiry");
  const auto noise = complaint("Noise at night");
  const auto kestrel = informant("Kestrel");
  added(ivy, "INVESTIGATED", enquiry, noise);
  added(jo, "CONTACT", noise, individual());
  link("CONTACT", noise, kestrel, ivy);

  const auto shown = holdersOf(jo, noise);
  EXPECT_EQ(rows(shown, "holders"),
            (Rows{"Contact: Margaret Okafor", "Contact: A person you cannot see"}));
  const auto& hidden = shown.at("holders").at(1).at("record").as_object();
  EXPECT_EQ(hidden, (json::object{{"kind", "person"},
                                  {"unavailable", true},
                                  {"display", "A person you cannot see"}}));
  EXPECT_EQ(rows(shown, "heldIn"), Rows{"Investigated in: A case you cannot see"});
  EXPECT_FALSE(shown.at("heldIn").at(0).at("record").as_object().contains("identifier"));

  EXPECT_EQ(rows(holdersOf(ivy, noise), "heldIn"), Rows{"Investigated in: Quiet enquiry"});
}

TEST_F(RoleHolders, NoOneMayRemoveAHolderAFieldHoldsAndOnlyThoseWhoMayChangeRemoveTheRest) {
  const auto margaret = individual("Margaret", "Okafor");
  const auto noise = complaint("Noise at night", {{"complainant", {{"id", margaret.id}}}});
  added(jo, "WITNESS", noise, individual("Tom", "Okafor"));

  const auto forJo = holdersOf(jo, noise);
  ASSERT_EQ(rows(forJo, "holders"), (Rows{"Complainant: Margaret Okafor", "Witness: Tom Okafor"}));
  EXPECT_EQ(forJo.at("holders").at(0).at("canRemove"), false);
  EXPECT_EQ(forJo.at("holders").at(0).at("fieldId"), "complainant");
  EXPECT_EQ(forJo.at("holders").at(1).at("canRemove"), true);

  const auto forVisitor = holdersOf(visitor, noise);
  EXPECT_EQ(forVisitor.at("holders").at(1).at("canRemove"), false);
}

TEST_F(RoleHolders, AnObsoleteHolderIsShownAsObsoleteAndItsHoldersCannotBeRemoved) {
  const auto margaret = individual("Margaret", "Okafor");
  const auto tom = individual("Tom", "Okafor");
  added(jo, "RELATIVE", margaret, tom);
  ASSERT_TRUE(forms::setPersonObsolete(environment(), meg, tom.identifier(), true,
                                       at("2026-03-15T09:30:00Z")));
  ASSERT_TRUE(forms::setPersonObsolete(environment(), meg, margaret.identifier(), true,
                                       at("2026-03-15T09:31:00Z")));

  const auto shown = holdersOf(jo, margaret);
  EXPECT_EQ(shown.at("holders").at(0).at("record").at("statusName"), "Obsolete");
  EXPECT_EQ(shown.at("holders").at(0).at("canRemove"), false);
}

}  // namespace
}  // namespace dossier::roles
