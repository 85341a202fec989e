#include <gtest/gtest.h>

#include "roles/roles_fixture.hpp"

namespace dossier::roles {
namespace {

using testing::at;

using testing::Rows;

class AddingARole : public testing::RolesFixture {};

TEST_F(AddingARole, AHolderChosenInALookupIsShownOnBothRecords) {
  const auto noise = complaint("Noise at night");
  const auto margaret = individual("Margaret", "Okafor");

  const auto outcome = add(jo, "WITNESS", noise, margaret);
  ASSERT_TRUE(outcome) << outcome.error().message;
  EXPECT_GT(outcome->linkId, 0);
  EXPECT_FALSE(outcome->replacedOwner);
  EXPECT_EQ(rows(holdersOf(jo, noise), "holders"), Rows{"Witness: Margaret Okafor"});
  EXPECT_EQ(rows(holdersOf(jo, margaret), "heldIn"), Rows{"Witness in: Noise at night"});
}

TEST_F(AddingARole, TheSameHolderCannotHoldTheSameRoleTwice) {
  const auto noise = complaint();
  const auto margaret = individual("Margaret", "Okafor");
  added(jo, "WITNESS", noise, margaret);

  const auto again = add(ann, "WITNESS", noise, margaret);
  ASSERT_FALSE(again);
  EXPECT_EQ(again.error().kind, ErrorKind::Conflict);
  EXPECT_EQ(again.error().message, "Margaret Okafor is already Witness here.");
  EXPECT_EQ(holdersOf(jo, noise).at("holders").as_array().size(), 1u);
}

TEST_F(AddingARole, ItMayHoldAnotherRoleOnTheSameRecord) {
  const auto noise = complaint();
  const auto margaret = individual("Margaret", "Okafor");
  added(jo, "WITNESS", noise, margaret);
  ASSERT_TRUE(add(jo, "CONTACT", noise, margaret));
  EXPECT_EQ(rows(holdersOf(jo, noise), "holders"),
            (Rows{"Witness: Margaret Okafor", "Contact: Margaret Okafor"}));
}

TEST_F(AddingARole, AnUnknownRoleIsNotFound) {
  const auto outcome = add(jo, "ACCOMPLICE", complaint(), individual());
  ASSERT_FALSE(outcome);
  EXPECT_EQ(outcome.error().kind, ErrorKind::NotFound);
  EXPECT_EQ(outcome.error().message, "There is no role 'ACCOMPLICE'.");
}

TEST_F(AddingARole, AParentThePersonCannotSeeIsToldAsIfItWereNotThere) {
  const auto enquiry = investigation();
  const auto outcome = add(jo, "WITNESS", enquiry, individual());
  ASSERT_FALSE(outcome);
  EXPECT_EQ(outcome.error().kind, ErrorKind::NotFound);
  EXPECT_EQ(outcome.error().message, "There is no case " + enquiry.identifier() + ".");
}

TEST_F(AddingARole, AHolderThePersonCannotSeeIsToldAsIfItWereNotThere) {
  const auto kestrel = informant();
  const auto outcome = add(jo, "CONTACT", complaint(), kestrel);
  ASSERT_FALSE(outcome);
  EXPECT_EQ(outcome.error().kind, ErrorKind::NotFound);
  EXPECT_EQ(outcome.error().message, "There is no person " + kestrel.identifier() + ".");
}

TEST_F(AddingARole, ARoleIsAddedOnlyToTypesThatHaveIt) {
  const auto outcome = add(jo, "SUBJECT", complaint(), individual());
  ASSERT_FALSE(outcome);
  EXPECT_EQ(outcome.error().kind, ErrorKind::BadRequest);
  EXPECT_EQ(outcome.error().message, "A Complaint has no Subject role.");
}

TEST_F(AddingARole, OnlyTheTypesTheRoleNamesMayHoldIt) {
  const auto outcome = add(ivy, "WITNESS", investigation(), informant());
  ASSERT_FALSE(outcome);
  EXPECT_EQ(outcome.error().kind, ErrorKind::BadRequest);
  EXPECT_EQ(outcome.error().message, "An Informant cannot be a Witness.");
}

TEST_F(AddingARole, ARoleAFieldHoldsIsChosenInTheForm) {
  const auto outcome = add(jo, "COMPLAINANT", complaint(), individual());
  ASSERT_FALSE(outcome);
  EXPECT_EQ(outcome.error().kind, ErrorKind::BadRequest);
  EXPECT_EQ(outcome.error().message,
            "The Complainant of a Complaint is chosen in its form: choose it there and save the "
            "form.");
}

TEST_F(AddingARole, OnlyThoseWhoMayChangeTheParentAddToIt) {
  const auto noise = complaint();
  const auto outcome = add(visitor, "WITNESS", noise, individual());
  ASSERT_FALSE(outcome);
  EXPECT_EQ(outcome.error().kind, ErrorKind::Forbidden);
  EXPECT_EQ(outcome.error().message, "You are not allowed to change this Complaint.");
  EXPECT_TRUE(holdersOf(jo, noise).at("holders").as_array().empty());
}

TEST_F(AddingARole, AnObsoletePersonGainsNoHoldersUntilReinstated) {
  const auto margaret = individual("Margaret", "Okafor");
  ASSERT_TRUE(forms::setPersonObsolete(environment(), meg, margaret.identifier(), true,
                                       at("2026-03-14T12:00:00Z")));
  const auto outcome = add(jo, "RELATIVE", margaret, individual("Tom", "Okafor"));
  ASSERT_FALSE(outcome);
  EXPECT_EQ(outcome.error().kind, ErrorKind::Conflict);
  EXPECT_EQ(outcome.error().message, "This Individual is obsolete. Reinstate it to change it.");

  ASSERT_TRUE(forms::setPersonObsolete(environment(), meg, margaret.identifier(), false,
                                       at("2026-03-14T13:00:00Z")));
  EXPECT_TRUE(add(jo, "RELATIVE", margaret, individual("Ann", "Okafor")));
}

TEST_F(AddingARole, ARecordCannotHoldARoleOnItself) {
  const auto margaret = individual("Margaret", "Okafor");
  const auto outcome = add(jo, "RELATIVE", margaret, margaret);
  ASSERT_FALSE(outcome);
  EXPECT_EQ(outcome.error().kind, ErrorKind::BadRequest);
  EXPECT_EQ(outcome.error().message, "A record cannot hold a role on itself.");
}

}  // namespace
}  // namespace dossier::roles
