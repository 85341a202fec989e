#include "reports/report_rows.hpp"

#include <charconv>
#include <cmath>
#include <map>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "db/connection.hpp"
#include "reports/field_picker.hpp"
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

using Picked = FieldPicker::Value;

// A field's value as the picker gives it, from a document read whole (a row with a nested value).
Picked pickedFrom(const json::value* value) {
  Picked picked;
  if (value == nullptr) {
    return picked;
  }
  if (value->is_null()) {
    picked.kind = Picked::Kind::Null;
  } else if (const auto* text = value->if_string()) {
    picked.kind = Picked::Kind::Text;
    picked.text = *text;
  } else if (value->is_bool()) {
    picked.kind = Picked::Kind::Boolean;
    picked.boolean = value->get_bool();
  } else if (value->is_int64()) {
    picked.kind = Picked::Kind::Integer;
    picked.integer = value->get_int64();
  } else if (value->is_uint64()) {
    picked.kind = Picked::Kind::Unsigned;
    picked.unsignedInteger = value->get_uint64();
  } else if (value->is_double()) {
    picked.kind = Picked::Kind::Real;
    picked.real = value->get_double();
  } else {
    picked.kind = Picked::Kind::Nested;
    picked.text = json::serialize(*value);
  }
  return picked;
}

// A field of the record's values, as the database's json_extract would give it: text, a number,
// true or false (a yes/no field's missing value is false); nothing for null or missing.
void setField(Cell& cell, const Picked& value, const types::FieldDef& field, ReportValueType type,
              const Names& names) {
  char digits[32];
  const auto number = [&](auto whole, double asReal) {
    if (type == ReportValueType::Number) {
      cell = asReal;
      return;
    }
    const auto [end, error] = std::to_chars(digits, digits + sizeof digits, whole);
    setValue(cell, std::string_view(digits, error == std::errc() ? end : digits), type, names);
  };
  switch (value.kind) {
    case Picked::Kind::Missing:
    case Picked::Kind::Null:
      if (field.type == types::FieldType::YesNo) {
        setValue(cell, "false", type, names);
      } else {
        cell = std::monostate{};
      }
      return;
    case Picked::Kind::Text:
    case Picked::Kind::Nested:
      setValue(cell, value.text, type, names);
      return;
    case Picked::Kind::Boolean:
      setValue(cell, value.boolean ? "true" : "false", type, names);
      return;
    case Picked::Kind::Integer:
      number(value.integer, static_cast<double>(value.integer));
      return;
    case Picked::Kind::Unsigned:
      number(value.unsignedInteger, static_cast<double>(value.unsignedInteger));
      return;
    case Picked::Kind::Real:
      number(value.real, value.real);
      return;
  }
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
  // The fields a listing shows, picked from each record's JSON in one pass of the parser.
  std::vector<std::string> keys;
  std::vector<std::size_t> keyOf(columns.size());
  for (std::size_t i = 0; i < columns.size(); ++i) {
    if (sources[i].field != nullptr) {
      keyOf[i] = keys.size();
      keys.push_back(sources[i].field->id);
    }
  }
  FieldPicker picker(keys);
  std::vector<Picked> whole(keys.size());
  std::int64_t handed = 0;
  while (query.step()) {
    const bool hasValues = sql.valuesAt >= 0 && !query.isNull(sql.valuesAt);
    const Picked* values = keys.empty() ? nullptr : &picker[0];
    if (hasValues && !keys.empty()) {
      picker.read(query.textView(sql.valuesAt));
      // A list or an object where a field was wanted: the row's document is read whole, so that
      // it shows as the JSON it is.
      bool nested = false;
      for (std::size_t k = 0; k < keys.size(); ++k) {
        nested = nested || picker[k].kind == Picked::Kind::Nested;
      }
      if (nested) {
        boost::system::error_code error;
        const auto document = json::parse(query.textView(sql.valuesAt), error);
        const auto* object = error ? nullptr : document.if_object();
        for (std::size_t k = 0; k < keys.size(); ++k) {
          whole[k] = pickedFrom(object != nullptr ? object->if_contains(keys[k]) : nullptr);
        }
        values = whole.data();
      }
    } else if (!keys.empty()) {
      std::fill(whole.begin(), whole.end(), Picked{});
      values = whole.data();
    }
    for (std::size_t i = 0; i < columns.size(); ++i) {
      const auto& source = sources[i];
      if (source.field != nullptr) {
        setField(row[i], values[keyOf[i]], *source.field, columns[i].type, names[i]);
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
