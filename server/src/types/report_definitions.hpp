#pragma once

#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "core/config_errors.hpp"
#include "types/entity_type.hpp"

namespace dossier::types {

// What a report counts or lists: the records of case or person types, the documents of cases, the
// steps of tasks run on records, or the history of records (each change made to one).
enum class ReportSource { Cases, Persons, Documents, Tasks, History };
const char* reportSourceWord(ReportSource source);
// The changes a record's history holds (entity_audit's action), as a person reads them.
const std::vector<std::pair<std::string, std::string>>& historyActions();

// What a column holds, for formatting and for the formats' cell types.
enum class ReportValueType { Text, Number, Date, DateTime };

// A date cut into periods for grouping: the ISO text's prefix (a week: its ISO 8601 week,
// "2026-W48", from a function each database has), so the same on both databases.
enum class DateBucket { None, Day, Week, Month, Quarter, Year };

// One value of the source's rows: a built-in column of the source ("status", "createdAt") or a
// configured field of its types ("field: receivedOn").
struct ReportColumn {
  std::string id;                   // how presentations, filters and the answer name it
  std::string label;                // the heading a person reads
  std::string column;               // a built-in column, empty for a field
  const FieldDef* field = nullptr;  // a field of the report's types
  DateBucket bucket = DateBucket::None;
  ReportValueType type = ReportValueType::Text;
};

enum class Aggregate { Count, Sum, Average, Min, Max };

// A number over each group's rows: how many, or the sum, average, least or greatest of a column.
struct ReportMeasure {
  std::string id;
  std::string label;
  Aggregate aggregate = Aggregate::Count;
  ReportColumn of;  // unused for count
};

enum class ReportFilterKind { DateRange, Choice, MultiChoice };

// A choice the person makes before running the report, over one column. A date range is two
// dates, either of which may be left empty; a choice's options are given, or taken from what the
// column holds (types, statuses, a choice field's options, the documents' categories …).
struct ReportFilter {
  std::string id;
  std::string label;
  ReportFilterKind kind = ReportFilterKind::MultiChoice;
  ReportColumn on;
  std::vector<Option> options;
  bool mandatory = false;
  // A filter on people in a role ("role: COMPLAINANT"): the rows whose record has a chosen person
  // in that role. Its choices are persons, found as the person types (no options of its own);
  // `on` is unused.
  const RoleDefinition* role = nullptr;
};

// A moment a condition compares dates with: when the report is run ("now"), the day it is run on
// ("today", in UTC), either moved on or back by hours (from now), days or weeks; or a fixed date.
struct ReportMoment {
  enum class Base { Now, Today, Date };
  Base base = Base::Now;
  std::chrono::seconds offset{0};
  std::string date;  // YYYY-MM-DD, for a fixed date

  // The moment for a report run at now, as text that compares with the column's values: a date
  // (YYYY-MM-DD) for today and fixed dates, a UTC time for now.
  std::string text(TimePoint now) const;
};

// A condition every row of a report meets, fixed in reports.yaml (its `where:`) rather than chosen
// in the panel: the column holds one of some values, or its date is before or from a moment, or it
// is empty or not. Several conditions all hold.
struct ReportCondition {
  ReportColumn on;
  std::vector<std::string> equals;     // keys, as a choice filter takes them; any one of them
  std::optional<ReportMoment> before;  // earlier than it
  std::optional<ReportMoment> from;    // it or later
  std::optional<bool> empty;           // true: no value; false: a value
};

enum class ChartType { Bar, Line, Pie, Stacked };
const char* chartTypeWord(ChartType type);

// A chart over the result: categories from one grouping column, a series per value of another
// (optional), the values of a measure.
struct ReportChart {
  ChartType type = ChartType::Bar;
  std::string title;
  std::string category;  // a groupBy id
  std::string series;    // a groupBy id, or empty for a single series
  std::string value;     // a measure id
};

inline constexpr const char* kReportFormats[] = {"pdf", "xlsx", "csv"};

// A report of reports.yaml (spec 2 "Report data"): who may run it, its filters, its dataset — a
// list of rows (columns) or groups with measures (groupBy + measures) — and how it is shown.
struct ReportDefinition {
  std::string code;
  std::string heading;
  std::string group;
  std::string description;
  std::vector<std::string> runBy;  // group names; "everyone" for all
  ReportSource source = ReportSource::Cases;
  std::vector<const EntityType*> types;  // the types whose records (or their documents) count
  std::vector<ReportFilter> filters;
  std::vector<ReportCondition> where;   // every row meets each
  std::vector<ReportColumn> columns;    // a listing: one row per record
  std::vector<ReportColumn> groupBy;    // or groups …
  std::vector<ReportMeasure> measures;  // … with their numbers
  std::vector<ReportChart> charts;
  std::vector<std::string> formats;  // of kReportFormats, in the order offered
  std::string sortBy;                // a column, groupBy or measure id; empty: the first column
  bool sortDescending = false;
  // How its PDF lies on the page: "portrait", "landscape", or empty for landscape when it has
  // more than five columns.
  std::string orientation;

  bool aggregated() const { return !measures.empty(); }
  bool mayBeRunBy(const std::set<std::string>& groups) const;
};

// Reads reports.yaml, whose types must already be in the catalog. No file: no reports.
std::vector<std::shared_ptr<const ReportDefinition>> readReportDefinitions(
    const std::filesystem::path& environmentFolder, const Catalog& catalog, ConfigErrors& errors);

}  // namespace dossier::types
