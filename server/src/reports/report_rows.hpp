#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <variant>
#include <vector>

#include "reports/report_sql.hpp"
#include "types/report_definitions.hpp"

namespace dossier::db {
class Connection;
}

namespace dossier::reports {

// A cell of a report: nothing, text (dates as ISO 8601 text) or a number.
using Cell = std::variant<std::monostate, std::string, double>;

struct ResultColumn {
  std::string id;
  std::string label;
  types::ReportValueType type = types::ReportValueType::Text;
};

// The columns of the report's rows: its listing's columns, or its groups then its measures.
std::vector<ResultColumn> resultColumns(const types::ReportDefinition& report);

// Runs the rows' statement and hands each row to onRow as a person reads it (a type's name rather
// than its ref, a choice's text, Yes/No), one at a time, as the database gives them: an export of
// a million rows holds one row in memory. onRow returns false to stop. Returns the rows handed.
std::int64_t forEachRow(db::Connection& db, const types::Catalog& catalog,
                        const types::ReportDefinition& report, const ReportSql& sql,
                        const std::function<bool(std::vector<Cell>&)>& onRow);

std::int64_t countRows(db::Connection& db, const ReportSql& sql);

// A cell as text, for CSV and for the filters printed with an export.
std::string cellText(const Cell& cell, types::ReportValueType type);
// The same into `out`, whose memory is used again: an export's million rows make no new strings.
void cellTextInto(const Cell& cell, types::ReportValueType type, std::string& out);

}  // namespace dossier::reports
