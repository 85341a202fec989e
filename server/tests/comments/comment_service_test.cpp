#include "comments/comment_service.hpp"

#include <gtest/gtest.h>

#include "records/comments.hpp"
#include "support/child_record_fixture.hpp"

namespace dossier::comments {
namespace {

using testing::at;
using types::EntityKind;

class Comments : public testing::ChildRecords {
 protected:
  Result<api::SavedChild<records::Comment>> save(const api::Session& who, CommentDraft draft,
                                                 const char* when = "2026-03-15T10:00:00Z") {
    return saveComment(environment(), who, draft, at(when));
  }

  records::Comment added(const std::string& personId, const char* html = "<p>Called twice</p>") {
    auto saved = save(jo, {.ownerReference = personId, .html = html});
    if (!saved) {
      throw std::runtime_error(saved.error().message);
    }
    return saved->child;
  }
};

TEST_F(Comments, ANewCommentIsKeptSanitizedWithItsWordsAndToldInThePersonsHistory) {
  const auto person = individual();
  auto saved = save(jo, {.ownerReference = person.identifier(),
                         .html = "<p>Called <b>twice</b><script>alert(1)</script></p>",
                         .asAt = "2026-03-01T08:30"});
  ASSERT_TRUE(saved) << saved.error().message;
  EXPECT_TRUE(saved->changed);
  EXPECT_EQ(saved->child.html, "<p>Called <b>twice</b></p>");
  EXPECT_EQ(saved->child.text, "Called twice");
  EXPECT_EQ(saved->child.asAt, "2026-03-01T08:30:00.000Z");
  EXPECT_EQ(saved->child.createdByName, "Jo Smith");
  EXPECT_EQ(saved->parent.record.id, person.id);
  const auto trail = history(EntityKind::Person, person.identifier());
  EXPECT_EQ(trail.entries.front().action, "comment.added");
}

TEST_F(Comments, AsAtIsADayADayAndTimeOrNothing) {
  EXPECT_EQ(asAtOf(""), "");
  EXPECT_EQ(asAtOf("2026-11-24"), "2026-11-24T00:00:00.000Z");
  EXPECT_EQ(asAtOf("2026-11-24T15:30"), "2026-11-24T15:30:00.000Z");
  EXPECT_EQ(asAtOf("2026-11-24T15:30:00Z"), "2026-11-24T15:30:00.000Z");
  EXPECT_EQ(asAtOf("last Tuesday"), std::nullopt);
}

TEST_F(Comments, ACommentWithoutWordsOrWithADateThatIsNotOneIsRefusedAndNothingIsWritten) {
  const auto person = individual();
  const auto before = count("comments");
  const auto empty = save(jo, {.ownerReference = person.identifier(), .html = "<p> </p>"});
  ASSERT_FALSE(empty);
  EXPECT_EQ(empty.error().code, "comments.invalid");
  EXPECT_EQ(empty.error().message, "Write the comment first.");
  EXPECT_EQ(empty.error().fieldErrors.at("CommentHtml"), "Required");
  const auto badDate =
      save(jo, {.ownerReference = person.identifier(), .html = "Fine", .asAt = "soon"});
  ASSERT_FALSE(badDate);
  EXPECT_EQ(badDate.error().fieldErrors.at("AsAtDate"), "Not a date and time");
  const auto tooLong =
      save(jo, {.ownerReference = person.identifier(), .html = std::string(kMostHtml + 1, 'x')});
  ASSERT_FALSE(tooLong);
  EXPECT_EQ(tooLong.error().fieldErrors.at("CommentHtml"), "At most 20000 characters");
  EXPECT_EQ(count("comments"), before);
}

TEST_F(Comments, AChangeNeedsTheVersionItWasOpenedAtAndAStaleOneIsToldWhoCameFirst) {
  const auto person = individual();
  const auto comment = added(person.identifier());
  const CommentDraft change{.ownerReference = person.identifier(),
                            .guid = comment.guid,
                            .html = "<p>Called three times</p>"};
  const auto noVersion = save(ann, change);
  ASSERT_FALSE(noVersion);
  EXPECT_EQ(noVersion.error().kind, ErrorKind::BadRequest);
  EXPECT_EQ(noVersion.error().message, "Saving a comment needs the RowVersion it was opened at.");

  auto first = change;
  first.rowVersion = 1;
  auto changed = save(ann, first, "2026-03-16T10:00:00Z");
  ASSERT_TRUE(changed) << changed.error().message;
  EXPECT_TRUE(changed->changed);
  EXPECT_EQ(changed->child.rowVersion, 2);
  EXPECT_EQ(changed->child.modifiedByName, "Ann Khan");
  EXPECT_EQ(changed->child.asAt, comment.asAt) << "an empty As At keeps the one stored";

  first.html = "<p>Mine</p>";
  const auto stale = save(jo, first);
  ASSERT_FALSE(stale);
  EXPECT_EQ(stale.error().kind, ErrorKind::Conflict);
  EXPECT_EQ(stale.error().code, "comments.changed");
  EXPECT_EQ(stale.error().message,
            "This comment was changed by Ann Khan at 2026-03-16T10:00:00.000Z after you opened "
            "it. Reload it to see their changes.");
  EXPECT_EQ(std::get<std::int64_t>(stale.error().details.at("rowVersion")), 2);
}

TEST_F(Comments, ASaveThatChangesNothingWritesNothing) {
  const auto person = individual();
  const auto comment = added(person.identifier());
  const auto trailBefore = history(EntityKind::Person, person.identifier()).total;
  auto same = save(ann, {.ownerReference = person.identifier(),
                         .guid = comment.guid,
                         .html = comment.html,
                         .asAt = comment.asAt,
                         .rowVersion = 1});
  ASSERT_TRUE(same) << same.error().message;
  EXPECT_FALSE(same->changed);
  EXPECT_EQ(same->child.rowVersion, 1);
  EXPECT_EQ(same->child.modifiedByName, "Jo Smith");
  EXPECT_EQ(history(EntityKind::Person, person.identifier()).total, trailBefore);
  auto db = test.db().acquire();
  EXPECT_EQ(records::findComment(*db, comment.guid)->rowVersion, 1);
}

TEST_F(Comments, OnlyThoseWhoMayChangeThePersonCommentAndAPersonNotThereHasNone) {
  const auto person = individual();
  const auto refused = save(visitor, {.ownerReference = person.identifier(), .html = "Hello"});
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().kind, ErrorKind::Forbidden);
  EXPECT_EQ(refused.error().message, "You are not allowed to change this Individual.");
  const auto missing = save(jo, {.ownerReference = "99999", .html = "Hello"});
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().code, "records.person_not_found");
  EXPECT_EQ(missing.error().message, "There is no person 99999.");
  EXPECT_EQ(count("comments"), 0);
}

TEST_F(Comments, AnObsoletePersonTakesNoCommentsButTheOneDossierWritesNobodyChangesOrRemoves) {
  const auto person = individual();
  ASSERT_TRUE(forms::setPersonObsolete(environment(), meg, person.identifier(), true,
                                       at("2026-03-15T09:00:00Z")));
  const auto refused = save(jo, {.ownerReference = person.identifier(), .html = "Hello"});
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, "records.obsolete");
  ASSERT_TRUE(forms::setPersonObsolete(environment(), meg, person.identifier(), false,
                                       at("2026-03-15T09:30:00Z")));

  const auto listed = commentsOfPerson(environment(), jo, person.identifier());
  ASSERT_TRUE(listed);
  ASSERT_FALSE(listed->comments.empty());
  const auto& system = listed->comments.back();
  EXPECT_TRUE(system.isSystem);
  EXPECT_FALSE(mayChangeComment(system, listed->person));
  const auto change = save(jo, {.ownerReference = person.identifier(),
                                .guid = system.guid,
                                .html = "Edited",
                                .rowVersion = 1});
  ASSERT_FALSE(change);
  EXPECT_EQ(change.error().code, "comments.system");
  const auto removed = removeComment(environment(), jo, system.guid, at("2026-03-15T10:00:00Z"));
  ASSERT_FALSE(removed);
  EXPECT_EQ(removed.error().message,
            "This comment was written by Dossier itself and cannot be removed.");
}

TEST_F(Comments, AnotherPersonsCommentIsNotThereAndARemovedOneIsToldInTheHistory) {
  const auto person = individual();
  const auto other = individual("Colm", "Reid");
  const auto comment = added(person.identifier());
  const auto elsewhere = openComment(environment(), jo, other.identifier(), comment.guid);
  ASSERT_FALSE(elsewhere);
  EXPECT_EQ(elsewhere.error().message, "This comment is not there any more.");
  ASSERT_FALSE(removeComment(environment(), visitor, comment.guid, at("2026-03-15T10:00:00Z")));
  ASSERT_TRUE(removeComment(environment(), jo, comment.guid, at("2026-03-15T10:00:00Z")));
  EXPECT_EQ(history(EntityKind::Person, person.identifier()).entries.front().action,
            "comment.removed");
  EXPECT_FALSE(openComment(environment(), jo, person.identifier(), comment.guid));
}

}  // namespace
}  // namespace dossier::comments
