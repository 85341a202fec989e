#include <gtest/gtest.h>

#include "roles/roles_fixture.hpp"

namespace dossier::roles {
namespace {

using testing::at;

class RemovingARole : public testing::RolesFixture {};

TEST_F(RemovingARole, TheHolderIsGoneFromBothRecords) {
  const auto noise = complaint();
  const auto margaret = individual();
  const auto linkId = added(jo, "WITNESS", noise, margaret);

  const auto removed = remove(ann, linkId);
  ASSERT_TRUE(removed) << removed.error().message;
  EXPECT_TRUE(holdersOf(jo, noise).at("holders").as_array().empty());
  EXPECT_TRUE(holdersOf(jo, margaret).at("heldIn").as_array().empty());
}

TEST_F(RemovingARole, AHolderRemovedAlreadyIsNotThereAnyMore) {
  const auto linkId = added(jo, "WITNESS", complaint(), individual());
  ASSERT_TRUE(remove(jo, linkId));

  const auto again = remove(ann, linkId);
  ASSERT_FALSE(again);
  EXPECT_EQ(again.error().kind, ErrorKind::NotFound);
  EXPECT_EQ(again.error().message, "That role holder is not there any more.");
}

TEST_F(RemovingARole, AHolderOnARecordThePersonCannotSeeIsToldAsIfItWereNotThere) {
  const auto enquiry = investigation();
  const auto linkId = added(ivy, "WITNESS", enquiry, individual());

  const auto refused = remove(jo, linkId);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().kind, ErrorKind::NotFound);
  EXPECT_EQ(refused.error().message, "That role holder is not there any more.");
  EXPECT_EQ(holdersOf(ivy, enquiry).at("holders").as_array().size(), 1u);
}

TEST_F(RemovingARole, OnlyThoseWhoMayChangeTheParentRemoveFromIt) {
  const auto noise = complaint();
  const auto linkId = added(jo, "WITNESS", noise, individual());

  const auto refused = remove(visitor, linkId);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().kind, ErrorKind::Forbidden);
  EXPECT_EQ(refused.error().message, "You are not allowed to change this Complaint.");
  EXPECT_EQ(holdersOf(jo, noise).at("holders").as_array().size(), 1u);
}

TEST_F(RemovingARole, ARoleAFieldHoldsIsClearedInTheFormInstead) {
  const auto margaret = individual();
  const auto noise = complaint("Noise at night", {{"complainant", {{"id", margaret.id}}}});
  const auto shown = holdersOf(jo, noise);
  const auto& holders = shown.at("holders").as_array();
  ASSERT_EQ(holders.size(), 1u);

  const auto refused = remove(jo, holders.at(0).at("linkId").as_int64());
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().kind, ErrorKind::Conflict);
  EXPECT_EQ(refused.error().message,
            "This role is held through the field Complainant: clear it in the form and save.");
  EXPECT_EQ(holdersOf(jo, noise).at("holders").as_array().size(), 1u);
}

TEST_F(RemovingARole, AnObsoletePersonKeepsItsHoldersUntilReinstated) {
  const auto margaret = individual("Margaret", "Okafor");
  const auto linkId = added(jo, "RELATIVE", margaret, individual("Tom", "Okafor"));
  ASSERT_TRUE(forms::setPersonObsolete(environment(), meg, margaret.identifier(), true,
                                       at("2026-03-15T09:30:00Z")));

  const auto refused = remove(jo, linkId);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().kind, ErrorKind::Conflict);
  EXPECT_EQ(refused.error().message, "This Individual is obsolete. Reinstate it to change it.");
  EXPECT_EQ(holdersOf(jo, margaret).at("holders").as_array().size(), 1u);
}

}  // namespace
}  // namespace dossier::roles
