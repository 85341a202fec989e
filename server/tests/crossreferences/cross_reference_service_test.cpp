#include "crossreferences/cross_reference_service.hpp"

#include <gtest/gtest.h>

#include "support/child_record_fixture.hpp"

namespace dossier::crossreferences {
namespace {

using testing::at;
using types::EntityKind;

class CrossReferences : public testing::ChildRecords {
 protected:
  Result<api::SavedChild<SeenCrossReference>> save(const api::Session& who,
                                                   CrossReferenceDraft draft,
                                                   const char* when = "2026-03-15T10:00:00Z") {
    return saveCrossReference(environment(), who, draft, at(when));
  }

  CrossReference link(const std::string& from, const std::string& to,
                      const char* comments = "Same address") {
    auto saved = save(jo, {.parentCaseNumber = from, .caseNumber = to, .comments = comments});
    if (!saved) {
      throw std::runtime_error(saved.error().message);
    }
    return saved->child.link;
  }

  // The latest entry of a case's history: its action, and the case it names.
  std::pair<std::string, std::int64_t> latest(const std::string& caseNumber) {
    const auto entry = history(EntityKind::Case, caseNumber).entries.front();
    return {entry.action, entry.activity.at("other").at("id").as_int64()};
  }

  std::int64_t idOf(const std::string& caseNumber) {
    auto db = test.db().acquire();
    return *records::recordId(*db, EntityKind::Case, caseNumber);
  }
};

TEST_F(CrossReferences, ANewOneIsSeenFromBothCasesAndToldInBothHistories) {
  const auto first = complaintNumber();
  const auto second = complaintNumber("Same flat, again");
  auto saved = save(jo, {.parentCaseNumber = first, .caseNumber = second, .comments = "Same"});
  ASSERT_TRUE(saved) << saved.error().message;
  EXPECT_TRUE(saved->changed);
  EXPECT_EQ(saved->child.other->record.caseNumber, second);
  for (const auto& [self, other] : {std::pair{first, second}, std::pair{second, first}}) {
    const auto seen = crossReferencesOfCase(environment(), ann, self);
    ASSERT_TRUE(seen);
    ASSERT_EQ(seen->links.size(), 1U);
    EXPECT_TRUE(seen->links[0].visible());
    EXPECT_EQ(seen->links[0].other->record.caseNumber, other);
    EXPECT_EQ(latest(self),
              (std::pair<std::string, std::int64_t>{"crossreference.added", idOf(other)}));
  }
}

TEST_F(CrossReferences, TheCaseIsRequiredSeenNotTheSameAndNotLinkedAlready) {
  const auto first = complaintNumber();
  const auto second = complaintNumber();
  const auto hidden = investigationNumber();
  const auto fieldError = [&](CrossReferenceDraft draft) {
    const auto refused = save(jo, draft);
    EXPECT_FALSE(refused);
    return refused ? std::string() : refused.error().fieldErrors.at("CaseNumber");
  };
  EXPECT_EQ(fieldError({.parentCaseNumber = first}), "Required");
  EXPECT_EQ(fieldError({.parentCaseNumber = first, .caseNumber = "CMP-1999-99999"}),
            "There is no case CMP-1999-99999.");
  EXPECT_EQ(fieldError({.parentCaseNumber = first, .caseNumber = first}),
            "A case cannot cross-reference itself.");
  EXPECT_EQ(fieldError({.parentCaseNumber = first, .caseNumber = hidden}),
            "There is no case " + hidden + ".");
  link(first, second);
  const auto twice = save(jo, {.parentCaseNumber = second, .caseNumber = first});
  ASSERT_FALSE(twice);
  EXPECT_EQ(twice.error().code, "crossreferences.exists");
  EXPECT_EQ(twice.error().message, second + " is already cross-referenced with " + first + ".");
  const auto longComments = save(
      jo, {.parentCaseNumber = first, .caseNumber = second, .comments = std::string(2001, 'x')});
  ASSERT_FALSE(longComments);
  EXPECT_EQ(longComments.error().fieldErrors.at("Comments"), "At most 2000 characters");
  const auto denied = save(visitor, {.parentCaseNumber = first, .caseNumber = second});
  ASSERT_FALSE(denied);
  EXPECT_EQ(denied.error().code, "crossreferences.modify_denied");
  EXPECT_EQ(count("cross_references"), 1);
}

TEST_F(CrossReferences, ToOneWhoMayNotSeeTheOtherCaseItIsThereButNothingOfItAndItDoesNotOpen) {
  const auto open = complaintNumber();
  const auto hidden = investigationNumber();
  ASSERT_TRUE(save(ivy, {.parentCaseNumber = hidden, .caseNumber = open, .comments = "Secret"}));
  const auto seen = crossReferencesOfCase(environment(), jo, open);
  ASSERT_TRUE(seen);
  ASSERT_EQ(seen->links.size(), 1U);
  EXPECT_FALSE(seen->links[0].visible());
  const auto opened = openCrossReference(environment(), jo, open, hidden);
  ASSERT_FALSE(opened) << "a hidden case is not confirmed by its number";
  EXPECT_EQ(opened.error().code, "crossreferences.not_found");
  EXPECT_EQ(opened.error().message, "Could not retrieve the cross reference requested.");
  const auto forIvy = openCrossReference(environment(), ivy, open, hidden);
  ASSERT_TRUE(forIvy);
  EXPECT_TRUE(forIvy->seen.visible());
  EXPECT_EQ(forIvy->seen.link.comments, "Secret");
  // Nor can its comments be changed by one who may not see it.
  const auto change = save(jo, {.parentCaseNumber = open,
                                .caseNumber = hidden,
                                .comments = "Mine",
                                .guid = forIvy->seen.link.guid,
                                .rowVersion = 1});
  ASSERT_FALSE(change);
  EXPECT_EQ(change.error().code, "crossreferences.not_found");
}

TEST_F(CrossReferences, EditMovesItToAnotherCaseAndEachCaseInvolvedToldItsWay) {
  const auto first = complaintNumber();
  const auto second = complaintNumber();
  const auto third = complaintNumber("Third flat");
  const auto made = link(second, first, "Same dog");
  auto moved = save(ann, {.parentCaseNumber = first,
                          .caseNumber = third,
                          .comments = "Same dog",
                          .guid = made.guid,
                          .rowVersion = 1});
  ASSERT_TRUE(moved) << moved.error().message;
  EXPECT_TRUE(moved->changed);
  EXPECT_EQ(moved->child.other->record.caseNumber, third);
  EXPECT_EQ(moved->child.link.guid, made.guid);
  EXPECT_EQ(moved->child.link.rowVersion, 2);
  EXPECT_EQ(moved->child.link.fromCaseId, idOf(first)) << "made from the case it is edited on";

  const auto kept = history(EntityKind::Case, first).entries.front();
  EXPECT_EQ(kept.action, "crossreference.changed");
  EXPECT_EQ(kept.activity.at("other").at("id").as_int64(), idOf(third));
  EXPECT_EQ(kept.activity.at("previous").at("id").as_int64(), idOf(second));
  EXPECT_EQ(latest(second),
            (std::pair<std::string, std::int64_t>{"crossreference.removed", idOf(first)}));
  EXPECT_EQ(latest(third),
            (std::pair<std::string, std::int64_t>{"crossreference.added", idOf(first)}));
  EXPECT_TRUE(crossReferencesOfCase(environment(), jo, second)->links.empty());
  EXPECT_EQ(crossReferencesOfCase(environment(), jo, third)->links.size(), 1U);
}

TEST_F(CrossReferences, EditRefusesTheSameCaseOneLinkedAlreadyOrAStaleVersionAndWritesNothing) {
  const auto first = complaintNumber();
  const auto second = complaintNumber();
  const auto third = complaintNumber();
  const auto made = link(first, second);
  link(first, third);
  const auto trail = history(EntityKind::Case, first).total;
  CrossReferenceDraft edit{.parentCaseNumber = first,
                           .caseNumber = third,
                           .comments = "Same address",
                           .guid = made.guid,
                           .rowVersion = 1};
  const auto duplicate = save(jo, edit);
  ASSERT_FALSE(duplicate);
  EXPECT_EQ(duplicate.error().message, first + " is already cross-referenced with " + third + ".");
  edit.caseNumber = first;
  const auto itself = save(jo, edit);
  ASSERT_FALSE(itself);
  EXPECT_EQ(itself.error().fieldErrors.at("CaseNumber"), "A case cannot cross-reference itself.");
  edit.caseNumber = second;
  edit.comments = "Changed";
  ASSERT_TRUE(save(ann, edit, "2026-03-16T10:00:00Z"));
  const auto stale = save(jo, edit);
  ASSERT_FALSE(stale);
  EXPECT_EQ(stale.error().code, "crossreferences.changed");
  EXPECT_EQ(stale.error().message,
            "This cross reference was changed by Ann Khan at 2026-03-16T10:00:00.000Z after you "
            "opened it. Reload it to see their changes.");
  EXPECT_EQ(history(EntityKind::Case, first).total, trail + 1) << "only the one that was saved";
}

TEST_F(CrossReferences, ASaveThatChangesNothingWritesNothingWhicheverCaseItIsSavedFrom) {
  const auto first = complaintNumber();
  const auto second = complaintNumber();
  const auto made = link(first, second, "One");
  const auto trail = history(EntityKind::Case, second).total;
  auto same = save(ann, {.parentCaseNumber = second,
                         .caseNumber = first,
                         .comments = "One",
                         .guid = made.guid,
                         .rowVersion = 1});
  ASSERT_TRUE(same) << same.error().message;
  EXPECT_FALSE(same->changed);
  EXPECT_EQ(same->child.link.rowVersion, 1);
  EXPECT_EQ(history(EntityKind::Case, second).total, trail);
  auto again = save(ann, {.parentCaseNumber = second,
                          .caseNumber = "cmp-2026-00001",
                          .comments = "One",
                          .guid = made.guid,
                          .rowVersion = 1});
  ASSERT_TRUE(again) << again.error().message;
  EXPECT_FALSE(again->changed) << "the same case, however its number is written";
}

TEST_F(CrossReferences, RemovingOneTakesItFromBothCases) {
  const auto first = complaintNumber();
  const auto second = complaintNumber();
  const auto made = link(first, second);
  EXPECT_FALSE(
      removeCrossReference(environment(), visitor, second, made.guid, at("2026-03-15T11:00:00Z")));
  ASSERT_TRUE(
      removeCrossReference(environment(), jo, second, made.guid, at("2026-03-15T11:00:00Z")));
  EXPECT_TRUE(crossReferencesOfCase(environment(), jo, first)->links.empty());
  EXPECT_EQ(latest(first).first, "crossreference.removed");
  const auto gone = openCrossReference(environment(), jo, first, second);
  ASSERT_FALSE(gone);
  EXPECT_EQ(gone.error().message, "Could not retrieve the cross reference requested.");
}

}  // namespace
}  // namespace dossier::crossreferences
