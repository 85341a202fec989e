#include "types/report_definitions.hpp"

#include <gtest/gtest.h>

#include "support/temp_folder.hpp"
#include "types/type_loader.hpp"

namespace dossier::types {
namespace {

const char* const kGroups = R"yaml(groups:
  - {name: managers, members: [meg]}
)yaml";

const char* const kComplaint = R"yaml(kind: case
ref: COMP
name: Complaint
numbering: {prefix: CMP}
statuses: [{value: OPEN, name: Open}, {value: CLOSED, name: Closed, active: false}]
displayName: "{title}"
access: {view: [everyone]}
fields:
  - {id: title, type: text, label: Title}
  - {id: receivedOn, type: date, label: Received on}
  - {id: cost, type: number, label: Cost}
  - {id: about, type: multichoice, label: About, options: [{value: noise, text: Noise}]}
form: {id: complaint, layout: [{field: title}]}
)yaml";

const char* const kPerson = R"yaml(kind: person
ref: IND
name: Individual
displayName: "{name}"
access: {view: [everyone]}
fields: [{id: name, type: text, label: Name}]
form: {id: individual, layout: [{field: name}]}
)yaml";

class ReportDefinitions : public ::testing::Test {
 protected:
  testing::TempFolder root;
  ConfigErrors errors;

  Catalog load(const std::string& reports, const std::string& roles = "") {
    root.write("groups.yaml", kGroups);
    root.write("types/complaint.yaml", kComplaint);
    if (!roles.empty()) {
      root.write("types/person.yaml", kPerson);
      root.write("roles.yaml", roles);
    }
    root.write("reports.yaml", reports);
    return loadCatalog(root.path(), errors);
  }

  // The message of the one issue at the path of reports.yaml.
  std::string problemAt(const std::string& path) const {
    std::string found;
    int count = 0;
    for (const auto& issue : errors.issues()) {
      if (issue.path == path) {
        found = issue.message;
        ++count;
      }
    }
    EXPECT_EQ(count, 1) << "issues at " << path << ":\n" << errors.describe();
    return found;
  }
};

TEST_F(ReportDefinitions, AReportReadsWithItsDefaults) {
  const auto catalog = load(R"yaml(reports:
  - code: CASELOAD
    heading: Caseload
    source: cases
    filters: [{id: opened, type: dateRange, column: createdAt}]
    groupBy: [{column: status}, {id: month, column: createdAt, bucket: month}]
    measures: [{id: cases, aggregate: count}, {id: cost, label: Cost, aggregate: sum, field: cost}]
    charts: [{type: bar, category: month}]
)yaml");
  ASSERT_TRUE(errors.empty()) << errors.describe();
  ASSERT_EQ(catalog.reports.size(), 1u);
  const auto& report = *catalog.reports[0];
  EXPECT_EQ(report.group, "Reports");
  EXPECT_EQ(report.runBy, std::vector<std::string>{"everyone"});
  EXPECT_EQ(report.formats, (std::vector<std::string>{"pdf", "xlsx", "csv"}));
  EXPECT_EQ(report.filters[0].label, "Opened");
  EXPECT_EQ(report.groupBy[1].bucket, DateBucket::Month);
  EXPECT_EQ(report.charts[0].value, "cases");
  EXPECT_EQ(report.charts[0].title, "Caseload");
  EXPECT_TRUE(report.aggregated());
}

TEST_F(ReportDefinitions, EachMistakeIsNamedWithItsPlace) {
  load(R"yaml(reports:
  - code: BAD
    heading: Bad
    source: cases
    runBy: [nobody]
    filters:
      - {id: a, type: dateRange, column: status}
      - {id: b, type: multiChoice, column: displayName}
      - {id: c, type: slider, column: status}
    groupBy: [{field: about}, {column: colour}, {column: status, bucket: fortnight}]
    measures: [{id: n, aggregate: count}, {id: total, aggregate: sum, field: title}]
    charts: [{type: pie, category: nothing, series: status}]
    formats: [docx]
    orientation: sideways
  - {code: BAD, heading: Twice, source: rooms}
)yaml");
  EXPECT_EQ(problemAt("reports[0].runBy"), "'nobody' is not a group of groups.yaml");
  EXPECT_EQ(problemAt("reports[0].filters[0].type"),
            "a date range filters a date: 'status' is not one");
  EXPECT_EQ(problemAt("reports[0].filters[1].options"),
            "give the choices: 'displayName' has none of its own");
  EXPECT_EQ(problemAt("reports[0].filters[2].type"),
            "'slider' is not a kind of filter (dateRange, choice, multiChoice)");
  EXPECT_EQ(problemAt("reports[0].groupBy[0].field"),
            "a report cannot show or group by 'about': its values are lists, addresses or "
            "formatted text");
  EXPECT_NE(problemAt("reports[0].groupBy[1].column").find("'colour' is not a column of cases"),
            std::string::npos);
  EXPECT_EQ(problemAt("reports[0].groupBy[2].bucket"),
            "'fortnight' is not a period (day, week, month, quarter or year)");
  EXPECT_EQ(problemAt("reports[0].orientation"),
            "'sideways' is not a way a page lies (portrait or landscape)");
  EXPECT_EQ(problemAt("reports[0].measures[1].aggregate"),
            "sum needs a number: 'title' is not one");
  EXPECT_EQ(problemAt("reports[0].charts[0].category"),
            "'nothing' is not one of the report's groupBy");
  EXPECT_EQ(problemAt("reports[0].charts[0].series"), "a pie has one series");
  EXPECT_EQ(problemAt("reports[0].formats"), "'docx' is not an output format (pdf, xlsx, csv)");
  EXPECT_EQ(problemAt("reports[1].code"), "the report BAD is defined twice");
  EXPECT_EQ(problemAt("reports[1].source"),
            "'rooms' is not a source (cases, persons, documents, tasks, history)");
}

TEST_F(ReportDefinitions, AReportListsOrGroupsButNotBoth) {
  load(R"yaml(reports:
  - {code: BOTH, heading: Both, source: cases, columns: [{column: title}], measures: [{id: n, aggregate: count}]}
  - {code: NEITHER, heading: Neither, source: cases}
  - {code: report, heading: Route, source: cases, columns: [{column: caseNumber}]}
  - {code: Exports, heading: Route, source: cases, columns: [{column: caseNumber}]}
  - {code: schedules, heading: Route, source: cases, columns: [{column: caseNumber}]}
)yaml");
  EXPECT_NE(errors.describe().find("'title' is not a column of cases"), std::string::npos);
  EXPECT_EQ(problemAt("reports[1].columns"),
            "a report lists columns, or groups rows (groupBy) and counts them (measures)");
  EXPECT_EQ(problemAt("reports[2].code"),
            "'report' is the name of a reports route: choose another");
  EXPECT_EQ(problemAt("reports[3].code"),
            "'Exports' is the name of a reports route: choose another");
  EXPECT_EQ(problemAt("reports[4].code"),
            "'schedules' is the name of a reports route: choose another");
}

TEST_F(ReportDefinitions, ACasesClosingIsAColumnToShowGroupFilterAndMeasure) {
  const auto catalog = load(R"yaml(reports:
  - code: CLOSED
    heading: Closed
    source: cases
    filters: [{id: closed, type: dateRange, column: closedAt}]
    groupBy: [{id: month, column: closedAt, bucket: month}]
    measures:
      - {id: cases, aggregate: count}
      - {id: average, aggregate: average, column: daysToClose}
      - {id: longest, aggregate: max, column: daysToClose}
  - {code: LIST, heading: List, source: cases, columns: [{column: closedAt}, {column: daysToClose}]}
)yaml");
  ASSERT_TRUE(errors.empty()) << errors.describe();
  const auto& list = *catalog.reports[1];
  EXPECT_EQ(list.columns[0].label, "Closed");
  EXPECT_EQ(list.columns[0].type, ReportValueType::DateTime);
  EXPECT_EQ(list.columns[1].label, "Days to close");
  EXPECT_EQ(list.columns[1].type, ReportValueType::Number);
}

TEST_F(ReportDefinitions, ConditionsEveryRowMeetsAreReadWithTheirMoments) {
  const auto catalog = load(R"yaml(reports:
  - code: OVERDUE
    heading: Overdue
    source: cases
    where:
      - {column: state, equals: open}
      - {column: status, equals: [OPEN, CLOSED]}
      - {field: receivedOn, before: today - 30 days}
      - {column: createdAt, from: 2026-01-01, before: now + 4 hours}
      - {column: closedAt, empty: true}
    groupBy: [{column: createdBy}]
    measures: [{id: cases, aggregate: count}]
)yaml");
  ASSERT_TRUE(errors.empty()) << errors.describe();
  const auto& where = catalog.reports[0]->where;
  ASSERT_EQ(where.size(), 5u);
  EXPECT_EQ(where[0].on.id, "state");
  EXPECT_EQ(where[0].equals, std::vector<std::string>{"open"});
  EXPECT_EQ(where[1].equals, (std::vector<std::string>{"OPEN", "CLOSED"}));
  const auto now = *parseIsoTime("2026-11-28T11:22:05Z");
  ASSERT_TRUE(where[2].before.has_value());
  EXPECT_FALSE(where[2].from.has_value());
  EXPECT_EQ(where[2].before->text(now), "2026-10-29") << "a date compares with a date";
  EXPECT_EQ(where[3].from->text(now), "2026-01-01");
  EXPECT_EQ(where[3].before->text(now), "2026-11-28T15:22:05.000Z");
  EXPECT_EQ(where[4].empty, std::optional<bool>(true));
}

TEST_F(ReportDefinitions, EachMistakeInAConditionIsNamedWithItsPlace) {
  load(R"yaml(reports:
  - code: BAD
    heading: Bad
    source: cases
    where:
      - {column: state, equals: shut}
      - {field: receivedOn, before: soon}
      - {field: receivedOn, before: now}
      - {column: status, from: today}
      - {column: createdAt, equals: yesterday}
      - {column: state}
      - {column: state, equals: open, empty: true}
      - {column: createdAt, from: today + 3 hours}
      - {column: createdAt, before: 2026-02-30}
      - {column: state, equals: open, label: State}
    columns: [{column: caseNumber}]
)yaml");
  EXPECT_EQ(problemAt("reports[0].where[0].equals"),
            "'shut' is not a value of 'state' (open, closed)");
  EXPECT_EQ(problemAt("reports[0].where[1].before"),
            "'soon' is not a moment: now, today or a date (2026-01-31); now or today with days or "
            "weeks added or taken away (today - 30 days), now also with hours (now - 4 hours)");
  EXPECT_EQ(problemAt("reports[0].where[2].before"),
            "'receivedOn' is a date without a time: compare it with today, not now");
  EXPECT_EQ(problemAt("reports[0].where[3].from"),
            "before and from compare dates: 'status' is not one");
  EXPECT_EQ(problemAt("reports[0].where[4].equals"),
            "equals takes a column of text or choices: 'createdAt' is a date (before or from "
            "compare dates)");
  EXPECT_EQ(problemAt("reports[0].where[5]"),
            "say what 'state' must be: equals, before, from or empty");
  EXPECT_EQ(problemAt("reports[0].where[6].empty"),
            "a condition either equals, compares dates (before, from) or asks whether empty: make "
            "this one a condition of its own");
  EXPECT_EQ(problemAt("reports[0].where[7].from"),
            "'today + 3 hours': hours are counted from now, today is a whole day");
  EXPECT_EQ(problemAt("reports[0].where[8].before"), "'2026-02-30' is not a date of the calendar");
  EXPECT_NE(problemAt("reports[0].where[9].label").find("is not a known setting"),
            std::string::npos);
}

TEST_F(ReportDefinitions, OnlyTheGroupsNamedMayRunAReport) {
  const auto catalog = load(R"yaml(reports:
  - {code: M, heading: M, source: cases, runBy: [managers], columns: [{column: caseNumber}]}
)yaml");
  ASSERT_TRUE(errors.empty()) << errors.describe();
  EXPECT_TRUE(catalog.reports[0]->mayBeRunBy(catalog.groupsOf("meg")));
  EXPECT_FALSE(catalog.reports[0]->mayBeRunBy(catalog.groupsOf("jo")));
}

TEST_F(ReportDefinitions, AFilterOnPeopleInARoleNamesARolePeopleHoldOnTheReportsRecords) {
  const auto catalog = load(R"yaml(reports:
  - code: GOOD
    heading: Good
    source: cases
    filters: [{id: complainant, type: multiChoice, role: COMPLAINANT}]
    columns: [{column: caseNumber}]
  - code: BAD
    heading: Bad
    source: persons
    filters:
      - {id: a, type: choice, role: NOBODY}
      - {id: b, type: choice, role: RELATED}
      - {id: c, type: choice, role: COMPLAINANT}
      - {id: d, type: choice, role: CONTACT, field: name}
      - {id: e, type: dateRange, role: CONTACT}
    columns: [{column: displayName}]
)yaml",
                            R"yaml(roles:
  - {code: COMPLAINANT, name: Complainant, heldIn: Complainant in, on: [COMP], holders: any_person}
  - {code: RELATED, name: Related case, heldIn: Related to, on: [COMP], holders: any_case}
  - {code: CONTACT, name: Contact, heldIn: Contact for, on: [IND], holders: [IND]}
)yaml");
  EXPECT_EQ(problemAt("reports[1].filters[0].role"), "'NOBODY' is not a role of roles.yaml");
  EXPECT_EQ(problemAt("reports[1].filters[1].role"), "'RELATED' is held by cases, not people");
  EXPECT_EQ(problemAt("reports[1].filters[2].role"),
            "no record of this report has the role 'COMPLAINANT'");
  EXPECT_EQ(problemAt("reports[1].filters[3].field"),
            "a filter on people in a role takes its choices from the role alone");
  EXPECT_EQ(problemAt("reports[1].filters[4].type"),
            "people in a role are a choice or a multiChoice, not a date range");
  ASSERT_FALSE(catalog.reports.empty());
  const auto& good = *catalog.reports[0];
  ASSERT_EQ(good.filters.size(), 1U);
  ASSERT_NE(good.filters[0].role, nullptr);
  EXPECT_EQ(good.filters[0].label, "Complainant");
}

}  // namespace
}  // namespace dossier::types
