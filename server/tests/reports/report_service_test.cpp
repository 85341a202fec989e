#include "reports/report_service.hpp"

#include <boost/json/serialize.hpp>
#include <gtest/gtest.h>

#include "records/record_writer.hpp"
#include "records/role_links.hpp"
#include "reports/report_rows.hpp"
#include "reports/report_sql.hpp"
#include "support/records_fixture.hpp"
#include "types/report_definitions.hpp"

namespace dossier::reports {
namespace {

namespace json = boost::json;
using testing::TempFolder;

const char* const kReports = R"yaml(reports:
  - code: CASELOAD
    heading: Caseload
    source: cases
    filters:
      - {id: types, label: Case types, type: multiChoice, column: type}
      - {id: opened, label: Opened, type: dateRange, column: createdAt}
      - {id: state, label: Open or closed, type: choice, column: state}
      - {id: urgent, label: Urgent, type: choice, field: urgent}
    groupBy: [{column: status}, {column: type}]
    measures: [{id: cases, label: Cases, aggregate: count}]
  - code: BY-MONTH
    heading: By month
    source: cases
    types: [COMP]
    groupBy: [{id: month, column: createdAt, bucket: month}, {id: quarter, column: createdAt, bucket: quarter}, {field: channel}]
    measures: [{id: cases, label: Cases, aggregate: count}]
  - code: PEOPLE
    heading: People
    source: persons
    columns: [{column: displayName}, {column: type}, {column: state}, {field: dateOfBirth}]
  - code: PAPERS
    heading: Papers
    source: documents
    groupBy: [{column: caseNumber}]
    measures: [{id: documents, label: Documents, aggregate: count}]
)yaml";

class Reports : public ::testing::Test {
 protected:
  TempFolder configFolder;
  testing::TestEnvironment test{testing::configWithCatalog(
      configFolder, {{"groups.yaml", testing::kRecordsGroups},
                     {"documents.yaml", testing::kRecordsDocuments},
                     {"roles.yaml", testing::kRecordsRoles},
                     {"types/complaint.yaml", testing::kRecordsComplaint},
                     {"types/investigation.yaml", testing::kRecordsInvestigation},
                     {"types/individual.yaml", testing::kRecordsIndividual},
                     {"types/informant.yaml", testing::kRecordsInformant},
                     {"reports.yaml", kReports}})};
  const api::Session jo = testing::sessionFor(1, "jsmith", "Jo Smith");
  const api::Session ivy = testing::sessionFor(3, "ivy", "Ivy Investigator");

  json::object viewed(const api::Session& who, const std::string& code, json::array filters = {}) {
    auto answer = viewReport(test.environment(), who, {code, std::move(filters), 1, 50});
    if (!answer) {
      ADD_FAILURE() << answer.error().message;
      return {};
    }
    return *answer;
  }
};

TEST_F(Reports, EachKindOfReportRunsOnTheDatabase) {
  for (const char* code : {"CASELOAD", "BY-MONTH", "PEOPLE", "PAPERS"}) {
    try {
      const auto answer = viewed(ivy, code);
      EXPECT_TRUE(answer.contains("rows")) << code;
    } catch (const std::exception& e) {
      ADD_FAILURE() << code << ": " << e.what();
    }
  }
}

TEST_F(Reports, EveryFilterTakesItsValues) {
  const auto answer =
      viewed(jo, "CASELOAD",
             json::array{json::object{{"id", "types"}, {"valueKey", "COMP,INV"}},
                         json::object{{"id", "opened.from"}, {"valueKey", "2026-01-01"}},
                         json::object{{"id", "opened.to"}, {"valueKey", "2026-12-31"}},
                         json::object{{"id", "state"}, {"valueKey", "open"}},
                         json::object{{"id", "urgent"}, {"valueKey", "true"}}});
  EXPECT_EQ(answer.at("totalRows").as_int64(), 0);
}

// Closings and conditions -----------------------------------------------------------------------

const char* const kClosingReports = R"yaml(reports:
  - code: CLOSED-BY-MONTH
    heading: Closed by month
    source: cases
    types: [COMP]
    filters: [{id: closed, label: Closed, type: dateRange, column: closedAt}]
    where: [{column: closedAt, empty: false}]
    groupBy: [{id: month, column: closedAt, bucket: month}]
    measures:
      - {id: cases, aggregate: count}
      - {id: average, aggregate: average, column: daysToClose}
      - {id: fastest, aggregate: min, column: daysToClose}
      - {id: slowest, aggregate: max, column: daysToClose}
  - code: CLOSED-LIST
    heading: Closed cases
    source: cases
    where: [{column: state, equals: closed}]
    columns: [{column: caseNumber}, {column: closedAt}, {column: daysToClose}]
  - code: OVERDUE
    heading: Overdue
    source: cases
    types: [COMP]
    where: [{field: receivedOn, before: today}, {column: state, equals: open}]
    groupBy: [{id: caseworker, column: createdBy}]
    measures: [{id: overdue, aggregate: count}]
  - code: OLDER-THAN-A-DAY
    heading: Opened more than a day ago
    source: cases
    where: [{column: createdAt, before: now - 1 day}]
    columns: [{column: caseNumber}]
  - code: BY-WEEK
    heading: Opened by week
    source: cases
    types: [COMP]
    groupBy: [{id: week, column: createdAt, bucket: week}]
    measures: [{id: cases, aggregate: count}]
  - code: BY-RECEIVED
    heading: Complaints by the day received
    source: cases
    types: [COMP]
    columns: [{column: caseNumber}, {field: title}, {field: receivedOn}, {field: channel}, {field: urgent}, {column: status}]
    sortBy: -receivedOn
  - code: CHANGES
    heading: Changes by person
    source: history
    filters: [{id: change, label: Change, type: multiChoice, column: action}]
    groupBy: [{column: by}, {column: action}]
    measures: [{id: changes, aggregate: count}]
  - code: CHANGE-LIST
    heading: Changes
    source: history
    types: [COMP]
    columns: [{column: record}, {column: recordType}, {column: action}, {column: by}, {column: at}]
    sortBy: at
  - code: BY-COMPLAINANT
    heading: Complaints of people
    source: cases
    types: [COMP]
    filters: [{id: complainant, type: multiChoice, role: COMPLAINANT}]
    columns: [{column: caseNumber}]
)yaml";

class ReportConditions : public ::testing::Test {
 protected:
  TempFolder configFolder;
  testing::TestEnvironment test{testing::configWithCatalog(
      configFolder, {{"groups.yaml", testing::kRecordsGroups},
                     {"roles.yaml", testing::kRecordsRoles},
                     {"types/complaint.yaml", testing::kRecordsComplaint},
                     {"types/investigation.yaml", testing::kRecordsInvestigation},
                     {"types/individual.yaml", testing::kRecordsIndividual},
                     {"reports.yaml", kClosingReports}})};
  const api::Session jo = testing::sessionFor(1, "jsmith", "Jo Smith");
  const records::Actor joActor{1, "jsmith", "Jo Smith"};
  const records::Actor annActor{2, "akhan", "Ann Khan"};

  const types::EntityType& complaintType() {
    return *test.environment().catalog().find(types::EntityKind::Case, "COMP");
  }

  // A complaint opened at one moment and, when closedAt is given, closed at another, through the
  // one write path of records.
  records::Record complaint(const records::Actor& by, const char* openedAt,
                            const char* closedAt = nullptr, const char* receivedOn = nullptr) {
    auto db = test.db().acquire();
    records::Record record;
    record.kind = types::EntityKind::Case;
    record.status = "OPEN";
    record.values = json::object{{"title", "Noise"}};
    if (receivedOn != nullptr) {
      record.values["receivedOn"] = receivedOn;
    }
    records::createRecord(*db, complaintType(), record, {"created", {}, nullptr}, by,
                          testing::at(openedAt));
    if (closedAt != nullptr) {
      record.status = "CLOSED";
      EXPECT_TRUE(records::updateRecord(*db, complaintType(), record, record.rowVersion,
                                        {"updated", {}, nullptr}, by, testing::at(closedAt)));
    }
    return record;
  }

  // Each row as "cell | cell | …".
  static std::vector<std::string> rowsOf(const json::object& answer) {
    std::vector<std::string> rows;
    for (const auto& row : answer.at("rows").as_array()) {
      std::string text;
      for (const auto& cell : row.as_array()) {
        text += text.empty() ? "" : " | ";
        if (cell.is_string()) {
          text += cell.as_string();
        } else if (cell.is_double()) {
          text += cellText(cell.as_double(), types::ReportValueType::Number);
        } else if (cell.is_null()) {
          text += "-";
        }
      }
      rows.push_back(text);
    }
    return rows;
  }

  std::vector<std::string> viewed(const std::string& code, json::array filters = {}) {
    auto answer = viewReport(test.environment(), jo, {code, std::move(filters), 1, 50});
    if (!answer) {
      ADD_FAILURE() << answer.error().message;
      return {};
    }
    return rowsOf(*answer);
  }
};

TEST_F(ReportConditions, CasesClosedAreCountedByTheMonthTheyClosedWithTheDaysTheyTook) {
  complaint(joActor, "2026-01-10T09:00:00Z", "2026-01-20T10:00:00Z");   // 10 days
  complaint(joActor, "2026-01-05T09:00:00Z", "2026-01-31T08:00:00Z");   // 25 days and 23 hours
  complaint(annActor, "2026-01-25T09:00:00Z", "2026-02-03T09:00:00Z");  // 9 days
  complaint(annActor, "2026-01-25T09:00:00Z");                          // open: not counted
  EXPECT_EQ(viewed("CLOSED-BY-MONTH"),
            (std::vector<std::string>{"2026-01 | 2 | 17.50 | 10 | 25", "2026-02 | 1 | 9 | 9 | 9"}));
  EXPECT_EQ(viewed("CLOSED-BY-MONTH",
                   json::array{json::object{{"id", "closed.from"}, {"valueKey", "2026-01-31"}}}),
            (std::vector<std::string>{"2026-01 | 1 | 25 | 25 | 25", "2026-02 | 1 | 9 | 9 | 9"}))
      << "a date range on the closing";
  EXPECT_EQ(viewed("CLOSED-LIST"),
            (std::vector<std::string>{"CMP-2026-00001 | 2026-01-20T10:00:00.000Z | 10",
                                      "CMP-2026-00002 | 2026-01-31T08:00:00.000Z | 25",
                                      "CMP-2026-00003 | 2026-02-03T09:00:00.000Z | 9"}));
}

TEST_F(ReportConditions, OverdueCountsTheOpenCasesWhoseDateHasPassedForEachPersonWhoOpenedThem) {
  complaint(annActor, "2026-01-05T09:00:00Z", nullptr, "2020-01-01");
  complaint(joActor, "2026-01-05T09:00:00Z", nullptr, "2020-06-01");
  complaint(joActor, "2026-01-05T09:00:00Z", nullptr, "2020-07-01");
  complaint(joActor, "2026-01-05T09:00:00Z", nullptr, "2099-01-01");                 // not yet
  complaint(joActor, "2026-01-05T09:00:00Z", "2026-01-06T09:00:00Z", "2020-01-01");  // closed
  complaint(annActor, "2026-01-05T09:00:00Z");                                       // no date
  EXPECT_EQ(viewed("OVERDUE"), (std::vector<std::string>{"Ann Khan | 1", "Jo Smith | 2"}));
}

TEST_F(ReportConditions, NowIsTheMomentTheReportIsRunAtBoundAsAValue) {
  complaint(joActor, "2026-01-05T09:00:00Z");
  complaint(joActor, "2026-01-10T09:00:00Z");
  complaint(joActor, "2026-01-10T09:00:00.001Z");
  const auto& catalog = test.environment().catalog();
  const auto& report = *catalog.reports[3];
  ASSERT_EQ(report.code, "OLDER-THAN-A-DAY");
  ReportScope scope;
  scope.visibleTypes = {"COMP"};
  scope.now = testing::at("2026-01-11T09:00:00.001Z");
  const auto sql = reportRowsSql(report, scope, {});
  EXPECT_EQ(sql.text.find("2026"), std::string::npos) << "the moment is a parameter: " << sql.text;
  std::vector<std::string> rows;
  auto db = test.db().acquire();
  forEachRow(*db, catalog, report, sql, [&](std::vector<Cell>& row) {
    rows.push_back(cellText(row[0], types::ReportValueType::Text));
    return true;
  });
  EXPECT_EQ(rows, (std::vector<std::string>{"CMP-2026-00001", "CMP-2026-00002"}))
      << "a day before 2026-01-11T09:00:00.001Z";
  EXPECT_EQ(countRows(*db, reportCountSql(report, scope, {})), 2);
}

TEST_F(ReportConditions, WeeksAreIsoWeeksOnEveryDatabase) {
  complaint(joActor, "2026-11-23T09:00:00Z");  // a Monday: week 48
  complaint(joActor, "2026-11-29T23:00:00Z");  // the Sunday of the same week
  complaint(joActor, "2026-11-30T00:00:00Z");  // the next Monday
  complaint(joActor, "2027-01-01T12:00:00Z");  // a Friday, in 2026's last week
  EXPECT_EQ(viewed("BY-WEEK"),
            (std::vector<std::string>{"2026-W48 | 2", "2026-W49 | 1", "2026-W53 | 1"}));
}

TEST_F(ReportConditions, AListingReadsFieldsFromTheRecordsValuesAndSortsByThem) {
  {
    auto db = test.db().acquire();
    const auto make = [&](json::object values) {
      records::Record record;
      record.kind = types::EntityKind::Case;
      record.status = "OPEN";
      record.values = std::move(values);
      records::createRecord(*db, complaintType(), record, {"created", {}, nullptr}, joActor,
                            testing::at("2026-01-05T09:00:00Z"));
    };
    make({{"title", "Dog \"Rex\", barking"},
          {"receivedOn", "2026-01-02"},
          {"channel", "phone"},
          {"urgent", true}});
    make({{"title", "Smoke"},
          {"receivedOn", "2026-01-04"},
          {"channel", "letter"},
          {"urgent", false}});
    make({{"title", "Music"}});  // nothing received, no channel, urgent not said
  }
  // Empty last, whichever way a report sorts, on both databases.
  EXPECT_EQ(
      viewed("BY-RECEIVED"),
      (std::vector<std::string>{"CMP-2026-00002 | Smoke | 2026-01-04 | Letter | No | Open",
                                "CMP-2026-00001 | Dog \"Rex\", barking | 2026-01-02 | Phone | "
                                "Yes | Open",
                                "CMP-2026-00003 | Music | - | - | No | Open"}));
}

TEST_F(ReportConditions, PeopleInARoleAreFoundByNameAndFilterTheRecordsTheyHoldItOn) {
  const auto& catalog = test.environment().catalog();
  const auto* individual = catalog.find(types::EntityKind::Person, "IND");
  std::vector<std::int64_t> people;
  {
    auto db = test.db().acquire();
    for (const auto& [first, last] : std::vector<std::pair<const char*, const char*>>{
             {"Ann", "Archer"}, {"Bob", "Baker"}, {"Annette", "Cole"}}) {
      records::Record person;
      person.kind = types::EntityKind::Person;
      person.values = json::object{{"firstName", first}, {"surname", last}};
      records::createRecord(*db, *individual, person, {"created", {}, nullptr}, joActor,
                            testing::at("2026-01-01T09:00:00Z"));
      people.push_back(person.id);
    }
  }
  const auto first = complaint(joActor, "2026-01-05T09:00:00Z");
  const auto second = complaint(joActor, "2026-01-06T09:00:00Z");
  complaint(joActor, "2026-01-07T09:00:00Z");
  {
    auto db = test.db().acquire();
    for (const auto& [caseId, personId] : std::vector<std::pair<std::int64_t, std::int64_t>>{
             {first.id, people[0]}, {second.id, people[1]}, {second.id, people[0]}}) {
      records::RoleLink link;
      link.roleCode = "COMPLAINANT";
      link.parentId = caseId;
      link.holderId = personId;
      ASSERT_TRUE(records::addLink(*db, link, joActor, testing::at("2026-01-08T09:00:00Z")));
    }
  }
  // Suggestions: the people in the role whose name has the text — Annette holds it nowhere.
  auto found = roleFilterOptions(test.environment(), jo, "BY-COMPLAINANT", "complainant", "ANN");
  ASSERT_TRUE(found.ok()) << found.error().message;
  ASSERT_EQ(found->size(), 1U);
  EXPECT_EQ(found->at(0).at("textField").as_string(), "Ann Archer");
  EXPECT_EQ(found->at(0).at("valueField").as_string(), std::to_string(people[0]));
  const auto chosen = [&](std::vector<std::int64_t> ids) {
    std::string keys;
    for (const auto id : ids) {
      keys += (keys.empty() ? "" : ",") + std::to_string(id);
    }
    return json::array{json::object{{"id", "complainant"}, {"valueKey", keys}}};
  };
  EXPECT_EQ(viewed("BY-COMPLAINANT", chosen({people[0]})),
            (std::vector<std::string>{"CMP-2026-00001", "CMP-2026-00002"}));
  EXPECT_EQ(viewed("BY-COMPLAINANT", chosen({people[1]})),
            std::vector<std::string>{"CMP-2026-00002"});
  EXPECT_EQ(viewed("BY-COMPLAINANT").size(), 3U) << "no one chosen: every complaint";
  // An id that is no one is refused, naming the filter.
  auto refused =
      viewReport(test.environment(), jo, {"BY-COMPLAINANT", chosen({people[2] + 1000}), 1, 50});
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().message, "Complainant: '" + std::to_string(people[2] + 1000) +
                                         "' is not a person you can choose.");
  // Not a filter of people.
  EXPECT_FALSE(roleFilterOptions(test.environment(), jo, "BY-WEEK", "week", "a").ok());
}

TEST_F(ReportConditions, HistoryCountsAndListsTheChangesMadeToRecordsOnlyOfTypesThePersonMaySee) {
  complaint(joActor, "2026-01-05T09:00:00Z", "2026-01-06T09:00:00Z");  // created, then changed
  complaint(annActor, "2026-01-07T09:00:00Z");
  EXPECT_EQ(viewed("CHANGES"),
            (std::vector<std::string>{"Ann Khan | Created | 1", "Jo Smith | Created | 1",
                                      "Jo Smith | Changed | 1"}));
  EXPECT_EQ(viewed("CHANGES", json::array{json::object{{"id", "change"}, {"valueKey", "updated"}}}),
            std::vector<std::string>{"Jo Smith | Changed | 1"});
  EXPECT_EQ(viewed("CHANGE-LIST"),
            (std::vector<std::string>{
                "CMP-2026-00001 | Complaint | Created | Jo Smith | 2026-01-05T09:00:00.000Z",
                "CMP-2026-00001 | Complaint | Changed | Jo Smith | 2026-01-06T09:00:00.000Z",
                "CMP-2026-00002 | Complaint | Created | Ann Khan | 2026-01-07T09:00:00.000Z"}));
}

}  // namespace
}  // namespace dossier::reports
