#include "reports/report_rows.hpp"

#include <charconv>
#include <cmath>
#include <map>

#include "db/connection.hpp"
#include "types/document_definition.hpp"
#include "types/task_definitions.hpp"

namespace dossier::reports {

namespace {

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
  std::vector<Cell> row(columns.size());
  std::int64_t handed = 0;
  while (query.step()) {
    for (std::size_t i = 0; i < columns.size(); ++i) {
      const int at = static_cast<int>(i);
      if (query.isNull(at)) {
        row[i] = std::monostate{};
        continue;
      }
      auto text = query.text(at);
      if (columns[i].type == ReportValueType::Number) {
        if (const auto value = number(text)) {
          row[i] = *value;
          continue;
        }
      }
      if (const auto named = names[i].find(text); named != names[i].end()) {
        row[i] = named->second;
      } else {
        row[i] = std::move(text);
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

std::string cellText(const Cell& cell, ReportValueType type) {
  if (const auto* text = std::get_if<std::string>(&cell)) {
    if (type == ReportValueType::DateTime && text->size() >= 16 && (*text)[10] == 'T') {
      return text->substr(0, 10) + " " + text->substr(11, 5);
    }
    return *text;
  }
  if (const auto* value = std::get_if<double>(&cell)) {
    if (std::isfinite(*value) && std::floor(*value) == *value && std::fabs(*value) < 1e15) {
      return std::to_string(static_cast<std::int64_t>(*value));
    }
    char buffer[32];
    const auto [end, error] =
        std::to_chars(buffer, buffer + sizeof buffer, *value, std::chars_format::fixed, 2);
    return error == std::errc() ? std::string(buffer, end) : std::to_string(*value);
  }
  return {};
}

}  // namespace dossier::reports
