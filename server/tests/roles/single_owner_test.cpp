#include <gtest/gtest.h>

#include "roles/roles_fixture.hpp"

namespace dossier::roles {
namespace {

using testing::Rows;

// A complaint is investigated in one investigation at most (INVESTIGATED is single-owner).
class SingleOwner : public testing::RolesFixture {
 protected:
  Result<OwnerAnswer> owner(const api::Session& who, const records::Record& record,
                            const char* role = "INVESTIGATED") {
    return ownerOfCase(environment(), who, record.identifier(), role);
  }
  static std::string named(const records::Record& record) {
    return record.identifier() + " · " + record.displayName;
  }
};

TEST_F(SingleOwner, ACaseOwnedElsewhereIsNotTakenWithoutBeingAsked) {
  const auto noise = complaint("Noise at night");
  const auto first = investigation("First enquiry");
  const auto second = investigation("Second enquiry");
  added(ivy, "INVESTIGATED", first, noise);

  const auto refused = add(ivy, "INVESTIGATED", second, noise);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().kind, ErrorKind::Conflict);
  EXPECT_EQ(refused.error().message, noise.identifier() + " already belongs to " + named(first) +
                                         " as Complaint investigated.");
  EXPECT_EQ(std::get<std::string>(refused.error().details.at("owner")), named(first));
  EXPECT_EQ(rows(holdersOf(ivy, first), "holders"), Rows{"Complaint investigated: Noise at night"});
  EXPECT_TRUE(holdersOf(ivy, second).at("holders").as_array().empty());
}

TEST_F(SingleOwner, ACaseMovesToTheNewOwnerWhenThePersonSaidYes) {
  const auto noise = complaint("Noise at night");
  const auto first = investigation("First enquiry");
  const auto second = investigation("Second enquiry");
  added(ivy, "INVESTIGATED", first, noise);

  const auto moved = add(ivy, "INVESTIGATED", second, noise, true);
  ASSERT_TRUE(moved) << moved.error().message;
  EXPECT_EQ(moved->replacedOwner, named(first));
  EXPECT_TRUE(holdersOf(ivy, first).at("holders").as_array().empty());
  EXPECT_EQ(rows(holdersOf(ivy, second), "holders"),
            Rows{"Complaint investigated: Noise at night"});
  EXPECT_EQ(rows(holdersOf(ivy, noise), "heldIn"), Rows{"Investigated in: Second enquiry"});
}

TEST_F(SingleOwner, AddingTheSameOwnerAgainSaysItIsThereAlreadyEvenWhenAskedToReplace) {
  const auto noise = complaint("Noise at night");
  const auto enquiry = investigation();
  added(ivy, "INVESTIGATED", enquiry, noise);
  for (const bool replace : {false, true}) {
    const auto again = add(ivy, "INVESTIGATED", enquiry, noise, replace);
    ASSERT_FALSE(again);
    EXPECT_EQ(again.error().kind, ErrorKind::Conflict);
    EXPECT_EQ(again.error().message, "Noise at night is already Complaint investigated here.");
  }
  EXPECT_EQ(holdersOf(ivy, enquiry).at("holders").as_array().size(), 1u);
}

TEST_F(SingleOwner, TheOwnerOfACaseIsToldByName) {
  const auto noise = complaint("Noise at night");
  const auto enquiry = investigation("Quiet enquiry");
  const auto none = owner(ivy, noise);
  ASSERT_TRUE(none);
  EXPECT_FALSE(none->exists);
  EXPECT_FALSE(none->owner);

  added(ivy, "INVESTIGATED", enquiry, noise);
  const auto found = owner(ivy, noise);
  ASSERT_TRUE(found);
  EXPECT_TRUE(found->exists);
  EXPECT_EQ(found->owner, named(enquiry));
}

TEST_F(SingleOwner, AnOwnerThePersonCannotSeeIsToldToExistButNotNamed) {
  const auto noise = complaint("Noise at night");
  added(ivy, "INVESTIGATED", investigation("Quiet enquiry"), noise);
  const auto told = owner(jo, noise);
  ASSERT_TRUE(told);
  EXPECT_TRUE(told->exists);
  EXPECT_EQ(told->owner, "a case you cannot see");
}

TEST_F(SingleOwner, ARoleThatIsNotSingleOwnerHasNoOwner) {
  const auto noise = complaint();
  link("RELATED", complaint("Other"), noise, jo);
  const auto told = owner(jo, noise, "RELATED");
  ASSERT_TRUE(told);
  EXPECT_FALSE(told->exists);
}

TEST_F(SingleOwner, TheQuestionNeedsAKnownRoleAndACaseThePersonCanSee) {
  const auto unknown = owner(jo, complaint(), "NOPE");
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error().kind, ErrorKind::NotFound);
  EXPECT_EQ(unknown.error().message, "There is no role 'NOPE'.");

  const auto enquiry = investigation();
  const auto hidden = owner(jo, enquiry);
  ASSERT_FALSE(hidden);
  EXPECT_EQ(hidden.error().kind, ErrorKind::NotFound);
  EXPECT_EQ(hidden.error().message, "There is no case " + enquiry.identifier() + ".");
}

}  // namespace
}  // namespace dossier::roles
