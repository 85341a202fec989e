#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.hpp"
#include "reports/report_sql.hpp"
#include "types/report_definitions.hpp"

namespace dossier::db {
class Connection;
}

namespace dossier::reports {

// Filters on people in a role (reports.yaml `role:`): their choices are persons, by id, among
// those the person running the report may see; they are found as they are typed, not listed.

// The people in the filter's role on records of the report that the person may see whose name
// contains `part` (any case), by name, at most 20: the filter's suggestions.
std::vector<types::Option> roleHolderChoices(db::Connection& db, const types::Catalog& catalog,
                                             const types::ReportDefinition& report,
                                             const types::ReportFilter& filter,
                                             std::string_view username, std::string_view part);

// The names of the persons by id, of those of a type the person may see; the others are left out.
std::map<std::string, std::string> personNames(db::Connection& db, const types::Catalog& catalog,
                                               std::string_view username,
                                               const std::vector<std::string>& ids);

// Gives each people-in-a-role choice its persons' names; reports.invalid_filter, naming the
// filter, for an id that is no person the person running the report may see.
Status nameRoleChoices(db::Connection& db, const types::Catalog& catalog, std::string_view username,
                       std::vector<FilterChoice>& choices);

}  // namespace dossier::reports
