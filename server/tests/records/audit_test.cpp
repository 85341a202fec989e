#include "records/audit.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
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

EntityType complaintType() {
  EntityType type;
  type.kind = EntityKind::Case;
  type.ref = "COMP";
  type.name = "Complaint";
  type.numbering = {"CMP", 5};
  type.displayName = "{title}";
  for (const auto& [id, label] : {std::pair{"title", "Title"}, std::pair{"channel", "Received by"},
                                  std::pair{"urgent", "Urgent"}, std::pair{"notes", "Notes"}}) {
    FieldDef field;
    field.id = id;
    field.label = label;
    type.fields.push_back(field);
  }
  return type;
}

json::object object(const char* text) {
  return json::parse(text).as_object();
}

TEST(ChangesBetween, ListsOnlyTheFieldsThatChangedInTheTypesFieldOrder) {
  const auto changes = changesBetween(
      complaintType(), object(R"({"notes": "a", "title": "Noise", "channel": "email"})"),
      object(R"({"notes": "b", "channel": "email", "title": "Loud noise"})"));
  ASSERT_EQ(changes.size(), 2u);
  EXPECT_EQ(changes[0].field, "title");
  EXPECT_EQ(changes[0].label, "Title");
  EXPECT_EQ(changes[0].oldValue, "Noise");
  EXPECT_EQ(changes[0].newValue, "Loud noise");
  EXPECT_EQ(changes[1].field, "notes");
  EXPECT_EQ(changes[1].oldValue, "a");
  EXPECT_EQ(changes[1].newValue, "b");
}

TEST(ChangesBetween, AValueAddedOrClearedChangesFromOrToNull) {
  const auto changes = changesBetween(complaintType(), object(R"({"title": "Noise"})"),
                                      object(R"({"urgent": false})"));
  ASSERT_EQ(changes.size(), 2u);
  EXPECT_EQ(changes[0].field, "title");
  EXPECT_TRUE(changes[0].newValue.is_null());
  EXPECT_EQ(changes[1].field, "urgent");
  EXPECT_TRUE(changes[1].oldValue.is_null());
  EXPECT_EQ(changes[1].newValue, json::value(false));
}

TEST(ChangesBetween, SameValuesAreNoChange) {
  EXPECT_TRUE(changesBetween(complaintType(), object(R"({"title": "Noise", "urgent": true})"),
                             object(R"({"urgent": true, "title": "Noise"})"))
                  .empty());
}

TEST(ChangesBetween, ValuesOfNoFieldAreNotListed) {
  EXPECT_TRUE(
      changesBetween(complaintType(), object(R"({"old": 1})"), object(R"({"old": 2})")).empty());
}

TEST(ChangesBetween, ANewRecordListsEveryValueItHas) {
  const auto changes =
      changesBetween(complaintType(), {}, object(R"({"channel": "letter", "title": "Noise"})"));
  ASSERT_EQ(changes.size(), 2u);
  EXPECT_EQ(changes[0].field, "title");
  EXPECT_EQ(changes[1].field, "channel");
}

// Each write through the one write path (record_writer) leaves its row in the trail.
class AuditTrail : public ::testing::Test {
 protected:
  testing::TestEnvironment test;
  db::Pool::Lease db = test.db().acquire();
  const Actor jo{7, "jsmith", "Jo Smith"};
  const EntityType type = complaintType();
  Record record;

  void SetUp() override { record = newCase(); }

  Record newCase() {
    Record made;
    made.kind = EntityKind::Case;
    made.status = "OPEN";
    made.values = object(R"({"title": "Noise"})");
    createRecord(*db, type, made, {"created", changesBetween(type, {}, made.values), nullptr}, jo,
                 *parseIsoTime("2026-03-14T09:30:00Z"));
    return made;
  }

  std::int64_t count(const char* table) {
    auto row = db->query(std::string("SELECT COUNT(*) FROM ") + table);
    row.step();
    return row.integer(0);
  }

  void change(const char* action, const char* at, const json::value& activity = nullptr) {
    const auto before = record.values;
    record.values["title"] = std::string("Loud noise ") + at;
    ASSERT_TRUE(updateRecord(*db, type, record, record.rowVersion,
                             {action, changesBetween(type, before, record.values), activity}, jo,
                             *parseIsoTime(at)));
  }
};

TEST_F(AuditTrail, EachWriteAddsOneAuditRowAndOneChangeLogRow) {
  EXPECT_EQ(count("entity_audit"), 1) << "the creation";
  EXPECT_EQ(count("change_log"), 1);
  change("updated", "2026-03-15T10:00:00Z");
  EXPECT_EQ(count("entity_audit"), 2);
  EXPECT_EQ(count("change_log"), 2);

  auto log =
      db->query("SELECT entity_kind, entity_id, operation, at FROM change_log ORDER BY seq DESC");
  ASSERT_TRUE(log.step());
  EXPECT_EQ(log.text(0), "case");
  EXPECT_EQ(log.integer(1), record.id);
  EXPECT_EQ(log.text(2), "updated");
  EXPECT_EQ(log.text(3), "2026-03-15T10:00:00.000Z");
}

TEST_F(AuditTrail, AStaleWriteLeavesNoTrail) {
  auto stale = record;
  change("updated", "2026-03-15T10:00:00Z");
  stale.values["title"] = "Mine";
  EXPECT_FALSE(updateRecord(*db, type, stale, 1, {"updated", {}, nullptr}, jo,
                            *parseIsoTime("2026-03-15T11:00:00Z")));
  EXPECT_EQ(count("entity_audit"), 2);
  EXPECT_EQ(count("change_log"), 2);
}

TEST_F(AuditTrail, TheHistoryShowsWhoChangedWhatAndWhen) {
  change("updated", "2026-03-15T10:00:00Z");
  const auto history = readHistory(*db, EntityKind::Case, record.id, 1, 10);
  ASSERT_EQ(history.total, 2);
  ASSERT_EQ(history.entries.size(), 2u);
  const auto& entry = history.entries[0];
  EXPECT_EQ(entry.at, "2026-03-15T10:00:00.000Z");
  EXPECT_EQ(entry.username, "jsmith");
  EXPECT_EQ(entry.userDisplayName, "Jo Smith");
  EXPECT_EQ(entry.action, "updated");
  EXPECT_EQ(entry.changes, json::parse(R"([{"field": "title", "label": "Title", "oldValue": "Noise",
                             "newValue": "Loud noise 2026-03-15T10:00:00Z"}])"));
  EXPECT_TRUE(entry.activity.is_null());
  EXPECT_EQ(history.entries[1].action, "created");
  EXPECT_EQ(history.entries[1].changes,
            json::parse(R"([{"field": "title", "label": "Title", "oldValue": null,
                             "newValue": "Noise"}])"));
}

TEST_F(AuditTrail, AnActivityIsKeptWithTheChange) {
  const auto activity = json::parse(R"({"formId": "individual", "activeState": "deactivated"})");
  change("obsolete", "2026-03-15T10:00:00Z", activity);
  EXPECT_EQ(readHistory(*db, EntityKind::Case, record.id, 1, 10).entries.at(0).activity, activity);
}

TEST_F(AuditTrail, TheHistoryIsPagedNewestFirst) {
  const char* times[] = {"2026-03-15T10:00:00Z", "2026-03-15T11:00:00Z", "2026-03-15T12:00:00Z",
                         "2026-03-15T13:00:00Z"};
  for (const auto* time : times) {
    change("updated", time);
  }
  const auto first = readHistory(*db, EntityKind::Case, record.id, 1, 2);
  EXPECT_EQ(first.total, 5);
  ASSERT_EQ(first.entries.size(), 2u);
  EXPECT_EQ(first.entries[0].at, "2026-03-15T13:00:00.000Z");
  EXPECT_EQ(first.entries[1].at, "2026-03-15T12:00:00.000Z");

  const auto second = readHistory(*db, EntityKind::Case, record.id, 2, 2);
  ASSERT_EQ(second.entries.size(), 2u);
  EXPECT_EQ(second.entries[0].at, "2026-03-15T11:00:00.000Z");

  const auto last = readHistory(*db, EntityKind::Case, record.id, 3, 2);
  ASSERT_EQ(last.entries.size(), 1u);
  EXPECT_EQ(last.entries[0].at, "2026-03-14T09:30:00.000Z");
  EXPECT_EQ(last.total, 5);

  EXPECT_TRUE(readHistory(*db, EntityKind::Case, record.id, 4, 2).entries.empty());
}

TEST_F(AuditTrail, EachRecordHasItsOwnHistory) {
  change("updated", "2026-03-15T10:00:00Z");
  const auto other = newCase();
  EXPECT_EQ(readHistory(*db, EntityKind::Case, other.id, 1, 10).total, 1);
  // A person with the same database id as the case is another record.
  EXPECT_EQ(readHistory(*db, EntityKind::Person, record.id, 1, 10).total, 0);
  EXPECT_EQ(readHistory(*db, EntityKind::Case, record.id, 1, 10).total, 2);
}

}  // namespace
}  // namespace dossier::records
