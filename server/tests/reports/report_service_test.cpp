#include "reports/report_service.hpp"

#include <boost/json/serialize.hpp>
#include <gtest/gtest.h>

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

}  // namespace
}  // namespace dossier::reports
