#include "records/records.hpp"

#include <regex>

#include <boost/json/parse.hpp>
#include <gtest/gtest.h>

#include "db/connection.hpp"
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

namespace json = boost::json;

TimePoint at(const char* iso) {
  return *parseIsoTime(iso);
}

FieldDef textField(const char* id) {
  FieldDef field;
  field.id = id;
  field.label = id;
  return field;
}

EntityType complaintType() {
  EntityType type;
  type.kind = EntityKind::Case;
  type.ref = "COMP";
  type.name = "Complaint";
  type.numbering = {"CMP", 5};
  type.displayName = "{title}";
  type.fields = {textField("title")};
  type.statuses = {
      {"OPEN", "Open", true}, {"CLOSED", "Closed", false}, {"WITHDRAWN", "Withdrawn", false}};
  return type;
}

EntityType individualType(const char* displayName = "{firstName} {surname}") {
  EntityType type;
  type.kind = EntityKind::Person;
  type.ref = "IND";
  type.name = "Individual";
  type.displayName = displayName;
  type.fields = {textField("firstName"), textField("surname")};
  return type;
}

const Change created{"created", {}, nullptr};
const Change updated{"updated", {}, nullptr};

class Records : public ::testing::Test {
 protected:
  testing::TestEnvironment test;
  db::Pool::Lease db = test.db().acquire();
  const Actor jo{7, "jsmith", "Jo Smith"};
  const Actor ann{8, "akhan", "Ann Khan"};
  const types::Numbering complaints{"CMP", 5};
  const EntityType complaint = complaintType();
  const EntityType individual = individualType();

  Record newCase(const char* values = R"({"title": "Loud music"})") {
    Record record;
    record.kind = EntityKind::Case;
    record.status = "OPEN";
    record.values = json::parse(values).as_object();
    createRecord(*db, complaint, record, created, jo, at("2026-03-14T09:30:00Z"));
    return record;
  }

  // The case moved to a status by a save whose history tells it, as a form's does.
  bool moveTo(Record& record, const char* status, const char* when) {
    const Change change{"updated",
                        {{"status", "Status", json::value(record.status), json::value(status)}},
                        nullptr};
    record.status = status;
    return updateRecord(*db, complaint, record, record.rowVersion, change, ann, at(when));
  }

  // When the stored case was last closed and the whole days it was open then, or "open".
  std::string closing(const Record& record) {
    auto row = db->query("SELECT closed_at, days_open FROM cases WHERE id = ?1", record.id);
    row.step();
    if (row.isNull(0) && row.isNull(1)) {
      return "open";
    }
    return row.optionalText(0).value_or("-") + " after " +
           (row.isNull(1) ? std::string("-") : std::to_string(row.integer(1))) + " days";
  }

  Record newPerson(const EntityType& type = individualType()) {
    Record record;
    record.kind = EntityKind::Person;
    record.values = json::parse(R"({"firstName": "Margaret", "surname": "Okafor"})").as_object();
    createRecord(*db, type, record, created, jo, at("2026-03-14T09:30:00Z"));
    return record;
  }
};

// Case numbers ----------------------------------------------------------------------------------

TEST_F(Records, CaseNumbersCountUpFromOneWithTheTypesPrefixAndTheYear) {
  EXPECT_EQ(nextCaseNumber(*db, complaints, 2026), "CMP-2026-00001");
  EXPECT_EQ(nextCaseNumber(*db, complaints, 2026), "CMP-2026-00002");
  EXPECT_EQ(nextCaseNumber(*db, complaints, 2026), "CMP-2026-00003");
}

TEST_F(Records, EachPrefixCountsOnItsOwn) {
  EXPECT_EQ(nextCaseNumber(*db, complaints, 2026), "CMP-2026-00001");
  EXPECT_EQ(nextCaseNumber(*db, {"LIC", 5}, 2026), "LIC-2026-00001");
  EXPECT_EQ(nextCaseNumber(*db, complaints, 2026), "CMP-2026-00002");
  EXPECT_EQ(nextCaseNumber(*db, {"LIC", 5}, 2026), "LIC-2026-00002");
}

TEST_F(Records, EachYearStartsAgainFromOne) {
  EXPECT_EQ(nextCaseNumber(*db, complaints, 2026), "CMP-2026-00001");
  EXPECT_EQ(nextCaseNumber(*db, complaints, 2026), "CMP-2026-00002");
  EXPECT_EQ(nextCaseNumber(*db, complaints, 2027), "CMP-2027-00001");
  EXPECT_EQ(nextCaseNumber(*db, complaints, 2026), "CMP-2026-00003");
}

TEST_F(Records, TheNumberHasTheTypesWidth) {
  EXPECT_EQ(nextCaseNumber(*db, {"INV", 4}, 2026), "INV-2026-0001");
  EXPECT_EQ(nextCaseNumber(*db, {"BIG", 9}, 2026), "BIG-2026-000000001");
  EXPECT_EQ(nextCaseNumber(*db, {"SML", 3}, 2026), "SML-2026-001");
}

TEST_F(Records, ANewCaseTakesItsNumberFromTheYearItIsCreatedInUtc) {
  Record record;
  record.kind = EntityKind::Case;
  record.status = "OPEN";
  createRecord(*db, complaint, record, created, jo, at("2026-12-31T23:59:59Z"));
  EXPECT_EQ(record.caseNumber, "CMP-2026-00001");
  createRecord(*db, complaint, record, created, jo, at("2027-01-01T00:00:00Z"));
  EXPECT_EQ(record.caseNumber, "CMP-2027-00001");
}

// Storing and finding ---------------------------------------------------------------------------

TEST_F(Records, AStoredCaseIsFoundByItsNumberWithEverythingItHolds) {
  const auto stored = newCase(R"({"title": "Loud music", "urgent": true, "cost": 12.5})");
  EXPECT_EQ(stored.caseNumber, "CMP-2026-00001");
  EXPECT_EQ(stored.rowVersion, 1);
  EXPECT_TRUE(std::regex_match(
      stored.guid,
      std::regex("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}")))
      << stored.guid;

  const auto found = findRecord(*db, EntityKind::Case, "CMP-2026-00001");
  ASSERT_TRUE(found.has_value());
  EXPECT_EQ(found->kind, EntityKind::Case);
  EXPECT_EQ(found->id, stored.id);
  EXPECT_EQ(found->guid, stored.guid);
  EXPECT_EQ(found->caseNumber, "CMP-2026-00001");
  EXPECT_EQ(found->identifier(), "CMP-2026-00001");
  EXPECT_EQ(found->typeRef, "COMP");
  EXPECT_EQ(found->status, "OPEN");
  EXPECT_EQ(found->displayName, "Loud music");
  EXPECT_EQ(json::value(found->values),
            json::parse(R"({"title": "Loud music", "urgent": true, "cost": 12.5})"));
  EXPECT_EQ(found->rowVersion, 1);
  EXPECT_EQ(found->createdByName, "Jo Smith");
  EXPECT_EQ(found->modifiedByName, "Jo Smith");
  EXPECT_EQ(found->createdAt, "2026-03-14T09:30:00.000Z");
  EXPECT_EQ(found->modifiedAt, "2026-03-14T09:30:00.000Z");
}

TEST_F(Records, ACaseNumberIsFoundWhateverItsCase) {
  const auto stored = newCase();
  const auto found = findRecord(*db, EntityKind::Case, "cmp-2026-00001");
  ASSERT_TRUE(found.has_value());
  EXPECT_EQ(found->id, stored.id);
  EXPECT_EQ(found->caseNumber, "CMP-2026-00001");
}

TEST_F(Records, AnUnknownCaseNumberFindsNothing) {
  newCase();
  EXPECT_FALSE(findRecord(*db, EntityKind::Case, "CMP-2026-00002").has_value());
  EXPECT_FALSE(findRecord(*db, EntityKind::Case, "").has_value());
}

TEST_F(Records, APersonIsFoundByTheirId) {
  const auto stored = newPerson();
  EXPECT_TRUE(stored.caseNumber.empty());
  const auto found = findRecord(*db, EntityKind::Person, std::to_string(stored.id));
  ASSERT_TRUE(found.has_value());
  EXPECT_EQ(found->kind, EntityKind::Person);
  EXPECT_EQ(found->identifier(), std::to_string(stored.id));
  EXPECT_EQ(found->typeRef, "IND");
  EXPECT_FALSE(found->obsolete);
  EXPECT_EQ(found->values.at("surname"), "Okafor");
  EXPECT_EQ(found->displayName, "Margaret Okafor");
}

TEST_F(Records, APersonIdIsAPositiveWholeNumber) {
  const auto stored = newPerson();
  const auto id = std::to_string(stored.id);
  for (const std::string& identifier : {std::string("abc"), std::string("0"), std::string("-1"),
                                        id + "x", " " + id, std::string(""), std::string("999")}) {
    EXPECT_FALSE(findRecord(*db, EntityKind::Person, identifier).has_value()) << identifier;
  }
}

TEST_F(Records, CasesAndPersonsAreKeptApart) {
  const auto person = newPerson();
  EXPECT_FALSE(findRecord(*db, EntityKind::Case, std::to_string(person.id)).has_value());
}

// Updating --------------------------------------------------------------------------------------

TEST_F(Records, AnUpdateAtTheCurrentVersionIsStoredAndRaisesTheVersion) {
  auto record = newCase();
  record.values["title"] = "Very loud music";
  record.status = "CLOSED";
  ASSERT_TRUE(updateRecord(*db, complaint, record, 1, updated, ann, at("2026-03-15T10:00:00Z")));
  EXPECT_EQ(record.displayName, "Very loud music") << "the name follows the title";
  EXPECT_EQ(record.rowVersion, 2);
  EXPECT_EQ(record.modifiedByName, "Ann Khan");
  EXPECT_EQ(record.modifiedAt, "2026-03-15T10:00:00.000Z");

  const auto found = findRecord(*db, EntityKind::Case, record.caseNumber);
  EXPECT_EQ(found->rowVersion, 2);
  EXPECT_EQ(found->values.at("title"), "Very loud music");
  EXPECT_EQ(found->status, "CLOSED");
  EXPECT_EQ(found->displayName, "Very loud music");
  EXPECT_EQ(found->modifiedByName, "Ann Khan");
  EXPECT_EQ(found->createdByName, "Jo Smith") << "the creator stays";
  EXPECT_EQ(found->createdAt, "2026-03-14T09:30:00.000Z");
}

TEST_F(Records, AnUpdateFromAStaleVersionIsRefusedAndWritesNothing) {
  auto mine = newCase();
  auto theirs = mine;
  theirs.values["title"] = "Their title";
  ASSERT_TRUE(updateRecord(*db, complaint, theirs, 1, updated, ann, at("2026-03-15T10:00:00Z")));

  mine.values["title"] = "My title";
  mine.status = "CLOSED";
  EXPECT_FALSE(updateRecord(*db, complaint, mine, 1, updated, jo, at("2026-03-15T11:00:00Z")));
  EXPECT_EQ(mine.rowVersion, 1) << "the record still says what it was loaded at";

  const auto found = findRecord(*db, EntityKind::Case, mine.caseNumber);
  EXPECT_EQ(found->values.at("title"), "Their title");
  EXPECT_EQ(found->status, "OPEN");
  EXPECT_EQ(found->rowVersion, 2);
  EXPECT_EQ(found->modifiedByName, "Ann Khan");
}

TEST_F(Records, APersonCanBeMadeObsoleteByAnUpdate) {
  auto person = newPerson();
  person.obsolete = true;
  ASSERT_TRUE(updateRecord(*db, individual, person, 1, updated, jo, at("2026-03-15T10:00:00Z")));
  EXPECT_TRUE(findRecord(*db, EntityKind::Person, person.identifier())->obsolete);
  person.obsolete = false;
  EXPECT_FALSE(updateRecord(*db, individual, person, 1, updated, jo, at("2026-03-15T10:00:00Z")));
  EXPECT_TRUE(findRecord(*db, EntityKind::Person, person.identifier())->obsolete);
}

// Closing ---------------------------------------------------------------------------------------

TEST_F(Records, ClosingACaseKeepsWhenItClosedAndTheWholeDaysItWasOpen) {
  auto record = newCase();  // opened 2026-03-14T09:30
  EXPECT_EQ(closing(record), "open");
  ASSERT_TRUE(moveTo(record, "CLOSED", "2026-03-17T09:00:00Z"));
  EXPECT_EQ(closing(record), "2026-03-17T09:00:00.000Z after 2 days")
      << "two days and 23 and a half hours are two whole days";
}

TEST_F(Records, ACaseCreatedAtAClosedStatusIsClosedAsItOpens) {
  Record record;
  record.kind = EntityKind::Case;
  record.status = "CLOSED";
  createRecord(*db, complaint, record, created, jo, at("2026-03-14T09:30:00Z"));
  EXPECT_EQ(closing(record), "2026-03-14T09:30:00.000Z after 0 days");
}

TEST_F(Records, ReopeningACaseClearsItsClosing) {
  auto record = newCase();
  ASSERT_TRUE(moveTo(record, "CLOSED", "2026-03-17T09:00:00Z"));
  ASSERT_TRUE(moveTo(record, "OPEN", "2026-03-18T09:00:00Z"));
  EXPECT_EQ(closing(record), "open");
  ASSERT_TRUE(moveTo(record, "CLOSED", "2026-04-01T12:00:00Z"));
  EXPECT_EQ(closing(record), "2026-04-01T12:00:00.000Z after 18 days")
      << "closed again: the new closing, counted from the opening";
}

TEST_F(Records, SavingAClosedCaseAgainKeepsTheFirstClosingMoment) {
  auto record = newCase();
  ASSERT_TRUE(moveTo(record, "CLOSED", "2026-03-17T09:00:00Z"));
  record.values["title"] = "Loud music, resolved";
  ASSERT_TRUE(updateRecord(*db, complaint, record, record.rowVersion, updated, ann,
                           at("2026-03-20T09:00:00Z")));
  EXPECT_EQ(closing(record), "2026-03-17T09:00:00.000Z after 2 days");
  ASSERT_TRUE(moveTo(record, "WITHDRAWN", "2026-03-25T09:00:00Z"));
  EXPECT_EQ(closing(record), "2026-03-17T09:00:00.000Z after 2 days")
      << "from one closed status to another it stays closed since the first";
}

TEST_F(Records, AStaleWriteClosesNothing) {
  auto mine = newCase();
  auto theirs = mine;
  theirs.values["title"] = "Their title";
  ASSERT_TRUE(updateRecord(*db, complaint, theirs, 1, updated, ann, at("2026-03-15T10:00:00Z")));
  EXPECT_FALSE(moveTo(mine, "CLOSED", "2026-03-16T10:00:00Z"));
  EXPECT_EQ(closing(mine), "open");
}

TEST_F(Records, CasesClosedBeforeTheirClosingWasKeptTakeItFromTheirHistory) {
  // Closed, then changed again: the history tells when it closed.
  auto changedSince = newCase();
  ASSERT_TRUE(moveTo(changedSince, "CLOSED", "2026-03-20T09:30:00Z"));
  changedSince.values["title"] = "Loud music, resolved";
  ASSERT_TRUE(updateRecord(*db, complaint, changedSince, changedSince.rowVersion, updated, ann,
                           at("2026-03-25T09:00:00Z")));
  // Closed, opened again, closed, then moved to another closed status: closed since the second.
  auto reopened = newCase();
  ASSERT_TRUE(moveTo(reopened, "CLOSED", "2026-03-15T09:30:00Z"));
  ASSERT_TRUE(moveTo(reopened, "OPEN", "2026-03-16T09:30:00Z"));
  ASSERT_TRUE(moveTo(reopened, "CLOSED", "2026-03-18T09:30:00Z"));
  ASSERT_TRUE(moveTo(reopened, "WITHDRAWN", "2026-03-19T09:30:00Z"));
  // Closed by a write whose history does not say so: its last change is the latest it can have
  // closed.
  auto untold = newCase();
  untold.status = "CLOSED";
  ASSERT_TRUE(updateRecord(*db, complaint, untold, untold.rowVersion, updated, ann,
                           at("2026-03-22T09:30:00Z")));
  // Open, with a closing kept from when its status closed a case.
  auto open = newCase();
  const auto stillOpen = newCase();
  // As before migration 0022 (or at a status the configuration since made open).
  db->execute("UPDATE cases SET closed_at = NULL, days_open = NULL");
  db->execute(
      "UPDATE cases SET closed_at = '2026-03-15T00:00:00.000Z', days_open = 0 WHERE id = ?1",
      open.id);

  Catalog catalog;
  catalog.types.push_back(std::make_shared<EntityType>(complaint));
  catalog.types.push_back(std::make_shared<EntityType>(individual));
  EXPECT_EQ(fillClosingMoments(*db, catalog), 4);
  EXPECT_EQ(closing(changedSince), "2026-03-20T09:30:00.000Z after 6 days");
  EXPECT_EQ(closing(reopened), "2026-03-18T09:30:00.000Z after 4 days");
  EXPECT_EQ(closing(untold), "2026-03-22T09:30:00.000Z after 8 days");
  EXPECT_EQ(closing(open), "open");
  EXPECT_EQ(closing(stillOpen), "open");
  EXPECT_EQ(findRecord(*db, EntityKind::Case, changedSince.caseNumber)->rowVersion, 3)
      << "filling in is no one's change";

  // Done once for the configuration; again when it changes which statuses close a case.
  db->execute("UPDATE cases SET closed_at = NULL, days_open = NULL");
  EXPECT_EQ(fillClosingMoments(*db, catalog), 0);
  EXPECT_EQ(closing(changedSince), "open");
  auto withdrawnIsOpen = complaint;
  withdrawnIsOpen.statuses[2].active = true;
  catalog.types[0] = std::make_shared<EntityType>(withdrawnIsOpen);
  EXPECT_EQ(fillClosingMoments(*db, catalog), 2);
  EXPECT_EQ(closing(changedSince), "2026-03-20T09:30:00.000Z after 6 days");
  EXPECT_EQ(closing(reopened), "open") << "withdrawn no longer closes a case";
}

// The display name ------------------------------------------------------------------------------

TEST_F(Records, TheDisplayNameComesFromTheTypesTemplateWhenTheRecordIsWritten) {
  const auto stored = newCase(R"({"title": "Dogs barking at night"})");
  EXPECT_EQ(stored.displayName, "Dogs barking at night");
  EXPECT_EQ(findRecord(*db, EntityKind::Case, stored.caseNumber)->displayName,
            "Dogs barking at night");
}

TEST_F(Records, ANameThatShowsTheCaseNumberOrThePersonIdIsRightFromTheStart) {
  auto numbered = complaintType();
  numbered.displayName = "{title} ({caseNumber})";
  Record record;
  record.kind = EntityKind::Case;
  record.values = json::parse(R"({"title": "Noise"})").as_object();
  createRecord(*db, numbered, record, created, jo, at("2026-03-14T09:30:00Z"));
  EXPECT_EQ(findRecord(*db, EntityKind::Case, record.caseNumber)->displayName,
            "Noise (CMP-2026-00001)");

  const auto person = newPerson(individualType("{surname} #{personId}"));
  EXPECT_EQ(findRecord(*db, EntityKind::Person, person.identifier())->displayName,
            "Okafor #" + person.identifier());
}

}  // namespace
}  // namespace dossier::records
