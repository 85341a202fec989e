#include "api/child_records.hpp"

#include <boost/json/parse.hpp>
#include <gtest/gtest.h>

#include "support/child_record_fixture.hpp"

namespace dossier::api {
namespace {

namespace json = boost::json;
using testing::at;
using types::EntityKind;

// The codes of a feature made up for these tests.
constexpr ErrorCode kNoteChanged{"note.changed", ErrorKind::Conflict};
constexpr ErrorCode kNoteModifyDenied{"note.modify_denied", ErrorKind::Forbidden};
constexpr ErrorCode kNoteNotFound{"note.not_found", ErrorKind::NotFound};

const VersionRule kRule{.noun = "note",
                        .changedCode = kNoteChanged,
                        .missingMessage = "Saving a note needs the version it was opened at."};

TEST(StaleSave, AVersionMustBeSentAndBeTheOneStored) {
  const Stamp stored{3, "Ann Khan", "2026-03-16T10:00:00.000Z"};
  EXPECT_FALSE(staleSave(3, stored, kRule).has_value());
  const auto missing = staleSave(std::nullopt, stored, kRule);
  ASSERT_TRUE(missing);
  EXPECT_EQ(missing->kind, ErrorKind::BadRequest);
  EXPECT_EQ(missing->code, "api.invalid_request");
  EXPECT_EQ(missing->message, "Saving a note needs the version it was opened at.");
  const auto stale = staleSave(2, stored, kRule);
  ASSERT_TRUE(stale);
  EXPECT_EQ(stale->kind, ErrorKind::Conflict);
  EXPECT_EQ(stale->code, "note.changed");
  EXPECT_EQ(stale->message,
            "This note was changed by Ann Khan at 2026-03-16T10:00:00.000Z after you opened it. "
            "Reload it to see their changes.");
  EXPECT_EQ(std::get<std::string>(stale->details.at("changedBy")), "Ann Khan");
  EXPECT_EQ(std::get<std::int64_t>(stale->details.at("rowVersion")), 3);
}

TEST(ChildSaveBody, DetailsAreAnObjectTextsAreTextAndAVersionIsAWholeNumber) {
  const auto body = json::parse(R"({"noteDetails": {"Title": "Hi", "Count": 2, "RowVersion": 4,
                                    "Empty": null}})")
                        .as_object();
  const auto details = detailsOf(body, "noteDetails", "note");
  ASSERT_TRUE(details);
  const auto missing = detailsOf(json::object{{"noteDetails", "x"}}, "noteDetails", "note");
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().message, "The body must hold the note in 'noteDetails'.");

  std::string title = "before";
  std::string empty = "before";
  std::string absent = "before";
  EXPECT_FALSE(readTexts(*details, {{"Title", &title}, {"Empty", &empty}, {"Absent", &absent}}));
  EXPECT_EQ(title, "Hi");
  EXPECT_EQ(empty, "");
  EXPECT_EQ(absent, "");
  std::string count;
  const auto notText = readTexts(*details, {{"Count", &count}});
  ASSERT_TRUE(notText);
  EXPECT_EQ(notText->kind, ErrorKind::BadRequest);

  EXPECT_EQ(versionOf(*details, "RowVersion"), 4);
  EXPECT_EQ(versionOf(*details, "Title"), std::nullopt);
  EXPECT_EQ(versionOf(*details, "Nothing"), std::nullopt);
}

class ChangeChild : public testing::ChildRecords {
 protected:
  // A change that writes an audit row on the parent, and says whether it changed anything.
  Result<ChildChanged> change(const Session& who, EntityKind kind, const std::string& reference,
                              bool changed, ChildChange where = {}) {
    where.parentKind = kind;
    where.parentReference = reference;
    return changeChild(environment(), who, where,
                       [&](db::Connection& db, const records::RecordAccess& parent) {
                         records::appendActivity(db, kind, parent.record.id, "comment.added",
                                                 json::object{{"text", "written"}}, actorOf(who),
                                                 at("2026-03-15T10:00:00Z"));
                         return Result<bool>(changed);
                       });
  }
};

TEST_F(ChangeChild, WhatChangesIsCommittedAndWhatChangesNothingIsNotEvenAudited) {
  const auto person = individual();
  const auto before = history(EntityKind::Person, person.identifier()).total;
  const auto nothing = change(jo, EntityKind::Person, person.guid, false);
  ASSERT_TRUE(nothing);
  EXPECT_FALSE(nothing->changed);
  EXPECT_EQ(history(EntityKind::Person, person.identifier()).total, before);
  const auto changed = change(jo, EntityKind::Person, person.identifier(), true);
  ASSERT_TRUE(changed);
  EXPECT_TRUE(changed->changed);
  EXPECT_EQ(changed->parent.record.id, person.id);
  EXPECT_EQ(history(EntityKind::Person, person.identifier()).total, before + 1);
}

TEST_F(ChangeChild, TheParentMustBeThereSeenAndChangeableBeforeAnythingIsWritten) {
  const auto complaint = complaintNumber();
  const auto hidden = investigationNumber();
  const auto before = count("entity_audit");

  const auto missing = change(jo, EntityKind::Case, "CMP-1999-99999", true);
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().code, "records.not_found");
  const auto notSeen = change(jo, EntityKind::Case, hidden, true);
  ASSERT_FALSE(notSeen);
  EXPECT_EQ(notSeen.error().message, "There is no case " + hidden + ".")
      << "a hidden case is told as one that is not there";
  const auto noPerson = change(jo, EntityKind::Person, "no-such-guid", true);
  ASSERT_FALSE(noPerson);
  EXPECT_EQ(noPerson.error().code, "records.person_not_found");
  const auto toldOtherwise =
      change(jo, EntityKind::Person, "no-such-guid", true,
             {.parentMissing = Error::of(kNoteNotFound, "This note is not there.")});
  ASSERT_FALSE(toldOtherwise);
  EXPECT_EQ(toldOtherwise.error().code, "note.not_found");

  const auto denied =
      change(visitor, EntityKind::Case, complaint, true, {.deniedCode = kNoteModifyDenied});
  ASSERT_FALSE(denied);
  EXPECT_EQ(denied.error().kind, ErrorKind::Forbidden);
  EXPECT_EQ(denied.error().code, "note.modify_denied");
  EXPECT_EQ(denied.error().message, "You are not allowed to change this Complaint.");
  EXPECT_EQ(count("entity_audit"), before);
}

TEST_F(ChangeChild, AFailureInTheChangeLeavesNothingWritten) {
  const auto person = individual();
  const auto before = history(EntityKind::Person, person.identifier()).total;
  const auto failed = changeChild(
      environment(), jo, {.parentKind = EntityKind::Person, .parentReference = person.guid},
      [&](db::Connection& db, const records::RecordAccess& parent) -> Result<bool> {
        records::appendActivity(db, EntityKind::Person, parent.record.id, "comment.added",
                                json::object{}, actorOf(jo), at("2026-03-15T10:00:00Z"));
        return Error::of(kNoteChanged, "Someone came first.");
      });
  ASSERT_FALSE(failed);
  EXPECT_EQ(failed.error().message, "Someone came first.");
  EXPECT_EQ(history(EntityKind::Person, person.identifier()).total, before);
}

}  // namespace
}  // namespace dossier::api
