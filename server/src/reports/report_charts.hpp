#pragma once

#include <vector>

#include <boost/json/array.hpp>

#include "reports/report_rows.hpp"
#include "types/report_definitions.hpp"

namespace dossier::reports {

// The report's charts (spec: ReportChart) over all its groups' rows: categories from one grouping
// column in the order the rows give them, a series per value of another (or one series), each
// point the measure summed over the groups that fall on it.
boost::json::array chartsOf(const types::ReportDefinition& report,
                            const std::vector<std::vector<Cell>>& rows);

}  // namespace dossier::reports
