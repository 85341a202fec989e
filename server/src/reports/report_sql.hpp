#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/clock.hpp"
#include "types/report_definitions.hpp"

namespace dossier::reports {

// What the person running a report may see, as sets the SQL restricts to: the types whose records
// they may view (records/access.hpp) and the document security groups they are in. A report
// counts and lists nothing outside them, whatever its filters.
// The moment the report is run at, which its conditions relative to now and today are taken from:
// one for all the statements of one run, so that its count and its rows agree.
struct ReportScope {
  std::vector<std::string> visibleTypes;
  std::vector<std::string> documentSecurity;  // '' (everyone who sees the case) included
  TimePoint now = Clock::now();
};

// A filter's chosen values: keys of its options, or a date range's ends (YYYY-MM-DD, inclusive);
// for people in a role, the persons' ids and, once looked up, their names (texts).
struct FilterChoice {
  const types::ReportFilter* filter = nullptr;
  std::vector<std::string> keys;
  std::optional<std::string> from;
  std::optional<std::string> to;
  std::vector<std::string> texts;
};

struct RowWindow {
  int offset = 0;
  int limit = 0;
};

// Where a listing's column comes from: a column of the statement, or a field of the record's
// values (the JSON text of the statement's column valuesAt).
struct RowColumnSource {
  int at = -1;
  const types::FieldDef* field = nullptr;
};

// A statement and its parameters, bound to ?1…?N in order. For a listing, where each of its
// columns is found (columns), and the column of the records' values if any is read from them;
// empty for a grouped report, whose statement gives its columns in order.
struct ReportSql {
  std::string text;
  std::vector<std::variant<std::string, std::int64_t>> parameters;
  std::vector<RowColumnSource> columns;
  int valuesAt = -1;
};

// The report's rows: one per record (a listing) or per group (with its measures), in the report's
// order, within the person's scope and the choices, optionally one window of them. Portable SQL:
// the same on SQLite and PostgreSQL (json_extract is SQLite's and a function of PostgreSQL's
// migrations). Lists of values are bound as padded lists of placeholders, so that the number of
// distinct statements each connection prepares stays small whatever is chosen.
ReportSql reportRowsSql(const types::ReportDefinition& report, const ReportScope& scope,
                        const std::vector<FilterChoice>& choices,
                        std::optional<RowWindow> window = std::nullopt);
// How many rows reportRowsSql gives without a window.
ReportSql reportCountSql(const types::ReportDefinition& report, const ReportScope& scope,
                         const std::vector<FilterChoice>& choices);

}  // namespace dossier::reports
