#pragma once

#include <map>
#include <string>
#include <vector>

#include <boost/json/array.hpp>

#include "core/result.hpp"
#include "reports/report_sql.hpp"
#include "types/report_definitions.hpp"

namespace dossier::reports {

// The report panel's filters (spec 2 "Report panel", §3 "Report data" components) as layout
// components, each with the value the person chose the last time (saved: the filters they sent
// then, as they sent them). A date range is two DateFields, <id>.from and <id>.to.
// A filter on people in a role is a PersonRoleField (role, multiple) whose options are the persons
// chosen last, named from personNames (ids the person may no longer see are left out).
boost::json::array filterComponents(const types::ReportDefinition& report,
                                    const boost::json::array& saved,
                                    const std::map<std::string, std::string>& personNames = {});
// The persons' ids the saved choices of people-in-a-role filters name, to be named.
std::vector<std::string> savedRoleKeys(const types::ReportDefinition& report,
                                       const boost::json::array& saved);
// The output format as one ChoiceField (outputFormat), of the formats the report offers.
boost::json::array outputFormatComponents(const types::ReportDefinition& report);

// The filters of a run as the panel sends them (spec 2 §3 "Report export request": id, label,
// type, value, valueKey; several keys joined with a comma, their texts with |||), checked against
// the report: reports.invalid_filter, naming the filter, for a value it does not take or a
// mandatory one left empty.
Result<std::vector<FilterChoice>> readChoices(const types::ReportDefinition& report,
                                              const boost::json::array& filters);

// What was asked for, as a person reads it, printed with a view or an export: "Case types:
// Complaint, Investigation", "Opened: 1 Nov 2026 to 30 Nov 2026".
struct FilterUsed {
  std::string label;
  std::string text;
};
std::vector<FilterUsed> filtersUsed(const std::vector<FilterChoice>& choices);

}  // namespace dossier::reports
