#include "reports/report_rows.hpp"

#include <charconv>
#include <cmath>
#include <map>

#include <boost/json/monotonic_resource.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "db/connection.hpp"
#include "types/document_definition.hpp"
#include "types/task_definitions.hpp"

namespace dossier::reports {

namespace {

namespace json = boost::json;
using types::ReportValueType;
using Names = std::map<std::string, std::string, std::less<>>;

// What each key a column holds is called (nothing for columns shown as they are).
Names namesOf(const types::Catalog& catalog, const types::ReportDefinition& report,
              const types::ReportColumn& column) {
  Names names;
  if (column.bucket != types::DateBucket::None) {
    return names;
  }
  if (column.field != nullptr) {
    if (column.field->type == types::FieldType::YesNo) {
      return {{"true", "Yes"}, {"false", "No"}};
    }
    for (const auto& option : column.field->options) {
      names.emplace(option.value, option.text);
    }
    return names;
  }
  const auto& id = column.column;
  const bool tasks = report.source == types::ReportSource::Tasks;
  if (id == "type" || id == "caseType" || id == "recordType") {
    for (const auto& type : catalog.types) {
      names.emplace(type->ref, type->name);
    }
  } else if (id == "status" && !tasks) {
    for (const auto* type : report.types) {
      for (const auto& status : type->statuses) {
        names.emplace(status.value, status.name);
      }
    }
  } else if (id == "status") {
    names = {{"N", "Not started"}, {"S", "Started"}, {"C", "Complete"}, {"F", "Failed"}};
  } else if (id == "state") {
    names = {
        {"open", "Open"}, {"closed", "Closed"}, {"active", "Active"}, {"obsolete", "Obsolete"}};
  } else if ((id == "category" || id == "folder") && catalog.documents) {
    for (const auto& option :
         id == "category" ? catalog.documents->categories : catalog.documents->folders) {
      names.emplace(option.value, option.text);
    }
  } else if (id == "action") {
    for (const auto& [value, text] : types::historyActions()) {
      names.emplace(value, text);
    }
  } else if (id == "task") {
    for (const auto& task : catalog.tasks) {
      names.emplace(task->id, task->displayName);
    }
  } else if (id == "step") {
    for (const auto& task : catalog.tasks) {
      for (const auto& step : task->steps) {
        names.emplace(step.id, step.displayName);
      }
    }
  }
  return names;
}

std::optional<double> number(std::string_view text) {
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) {
    return std::nullopt;
  }
  return value;
}

void setText(Cell& cell, std::string_view text) {
  if (auto* held = std::get_if<std::string>(&cell)) {
    held->assign(text);
  } else {
    cell = std::string(text);
  }
}

// A value as a person reads it: a number for a number column, a name for a key that has one, else
// the text itself.
void setValue(Cell& cell, std::string_view text, ReportValueType type, const Names& names) {
  if (type == ReportValueType::Number) {
    if (const auto value = number(text)) {
      cell = *value;
      return;
    }
  }
  if (const auto named = names.find(text); named != names.end()) {
    setText(cell, named->second);
  } else {
    setText(cell, text);
  }
}

// A field of the record's values, as the database's json_extract would give it: text, a number,
// true or false (a yes/no field's missing value is false); nothing for null or missing.
void setField(Cell& cell, const json::object* values, const types::FieldDef& field,
              ReportValueType type, const Names& names) {
  const auto* value = values != nullptr ? values->if_contains(field.id) : nullptr;
  if (value == nullptr || value->is_null()) {
    if (field.type == types::FieldType::YesNo) {
      setValue(cell, "false", type, names);
    } else {
      cell = std::monostate{};
    }
    return;
  }
  if (const auto* text = value->if_string()) {
    setValue(cell, *text, type, names);
    return;
  }
  if (value->is_bool()) {
    setValue(cell, value->get_bool() ? "true" : "false", type, names);
    return;
  }
  if (value->is_number()) {
    const double number = value->to_number<double>();
    if (type == ReportValueType::Number) {
      cell = number;
      return;
    }
    char digits[32];
    const auto [end, error] =
        value->is_double()  ? std::to_chars(digits, digits + sizeof digits, number)
        : value->is_int64() ? std::to_chars(digits, digits + sizeof digits, value->get_int64())
                            : std::to_chars(digits, digits + sizeof digits, value->get_uint64());
    setValue(cell, std::string_view(digits, error == std::errc() ? end : digits), type, names);
    return;
  }
  setText(cell, json::serialize(*value));
}

void bindAll(db::Query& query, const ReportSql& sql) {
  int index = 0;
  for (const auto& parameter : sql.parameters) {
    std::visit([&](const auto& value) { query.bind(++index, value); }, parameter);
  }
}

}  // namespace

std::vector<ResultColumn> resultColumns(const types::ReportDefinition& report) {
  std::vector<ResultColumn> columns;
  for (const auto& column : report.aggregated() ? report.groupBy : report.columns) {
    columns.push_back({column.id, column.label, column.type});
  }
  for (const auto& measure : report.measures) {
    const bool count = measure.aggregate == types::Aggregate::Count;
    const bool numeric = count || measure.of.type == ReportValueType::Number ||
                         measure.aggregate == types::Aggregate::Sum ||
                         measure.aggregate == types::Aggregate::Average;
    columns.push_back(
        {measure.id, measure.label, numeric ? ReportValueType::Number : measure.of.type});
  }
  return columns;
}

std::int64_t forEachRow(db::Connection& db, const types::Catalog& catalog,
                        const types::ReportDefinition& report, const ReportSql& sql,
                        const std::function<bool(std::vector<Cell>&)>& onRow) {
  const auto columns = resultColumns(report);
  std::vector<Names> names;
  for (const auto& column : report.aggregated() ? report.groupBy : report.columns) {
    names.push_back(namesOf(catalog, report, column));
  }
  names.resize(columns.size());
  auto query = db.query(sql.text);
  bindAll(query, sql);
  // An export may be a million rows: read as they come, never held at once.
  query.streamRows();
  // A grouped report's statement gives its columns in order; a listing says where each is.
  auto sources = sql.columns;
  if (sources.empty()) {
    for (std::size_t i = 0; i < columns.size(); ++i) {
      sources.push_back({.at = static_cast<int>(i)});
    }
  }
  std::vector<Cell> row(columns.size());
  // A record's values are parsed into this, again for each row, without the heap for most.
  alignas(std::max_align_t) unsigned char space[16 * 1024];
  std::int64_t handed = 0;
  while (query.step()) {
    json::monotonic_resource memory(space, sizeof space);
    boost::system::error_code error;
    const bool hasValues = sql.valuesAt >= 0 && !query.isNull(sql.valuesAt);
    // Made in place, so that it keeps the memory above (an assignment would copy to the heap).
    const json::value parsed =
        hasValues ? json::parse(query.textView(sql.valuesAt), error, json::storage_ptr(&memory))
                  : json::value();
    const json::object* values = hasValues && !error ? parsed.if_object() : nullptr;
    for (std::size_t i = 0; i < columns.size(); ++i) {
      const auto& source = sources[i];
      if (source.field != nullptr) {
        setField(row[i], values, *source.field, columns[i].type, names[i]);
      } else if (query.isNull(source.at)) {
        row[i] = std::monostate{};
      } else {
        setValue(row[i], query.textView(source.at), columns[i].type, names[i]);
      }
    }
    ++handed;
    if (!onRow(row)) {
      break;
    }
  }
  return handed;
}

std::int64_t countRows(db::Connection& db, const ReportSql& sql) {
  auto query = db.query(sql.text);
  bindAll(query, sql);
  return query.step() ? query.integer(0) : 0;
}

void cellTextInto(const Cell& cell, ReportValueType type, std::string& out) {
  out.clear();
  if (const auto* text = std::get_if<std::string>(&cell)) {
    if (type == ReportValueType::DateTime && text->size() >= 16 && (*text)[10] == 'T') {
      out.append(*text, 0, 10).append(1, ' ').append(*text, 11, 5);
    } else {
      out = *text;
    }
    return;
  }
  if (const auto* value = std::get_if<double>(&cell)) {
    char buffer[32];
    const bool whole =
        std::isfinite(*value) && std::floor(*value) == *value && std::fabs(*value) < 1e15;
    const auto [end, error] =
        whole ? std::to_chars(buffer, buffer + sizeof buffer, static_cast<std::int64_t>(*value))
              : std::to_chars(buffer, buffer + sizeof buffer, *value, std::chars_format::fixed, 2);
    if (error == std::errc()) {
      out.assign(buffer, end);
    } else {
      out = std::to_string(*value);
    }
  }
}

std::string cellText(const Cell& cell, ReportValueType type) {
  std::string text;
  cellTextInto(cell, type, text);
  return text;
}

}  // namespace dossier::reports
