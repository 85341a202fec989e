#include "reports/report_sql.hpp"

#include <algorithm>
#include <map>

#include "core/clock.hpp"
#include "types/role_definition.hpp"

namespace dossier::reports {

namespace {

using types::DateBucket;
using types::ReportColumn;
using types::ReportSource;

// Where a source's rows come from, the expression of the type that decides who may see a row, and
// the key that orders rows alike between windows.
struct SourceTables {
  const char* from;
  const char* alwaysWhere;
  const char* typeExpression;
  const char* rowKey;
};

SourceTables tablesOf(ReportSource source) {
  switch (source) {
    case ReportSource::Cases:
      return {"cases r", "", "r.type_ref", "r.id"};
    case ReportSource::Persons:
      return {"persons r", "", "r.type_ref", "r.id"};
    case ReportSource::Documents:
      return {"documents d JOIN cases c ON c.id = d.case_id", "d.deleted = 0", "c.type_ref",
              "d.id"};
    case ReportSource::Tasks:
      return {
          "task_steps s LEFT JOIN cases c ON s.entity_kind = 'case' AND c.id = s.entity_id "
          "LEFT JOIN persons p ON s.entity_kind = 'person' AND p.id = s.entity_id",
          "", "COALESCE(c.type_ref, p.type_ref)", "s.id"};
    case ReportSource::History:
      // A record deleted since has no type: its history is no one's to report.
      return {
          "entity_audit h LEFT JOIN cases c ON h.entity_kind = 'case' AND c.id = h.entity_id "
          "LEFT JOIN persons p ON h.entity_kind = 'person' AND p.id = h.entity_id",
          "", "COALESCE(c.type_ref, p.type_ref)", "h.id"};
  }
  return {"cases r", "", "r.type_ref", "r.id"};
}

const std::map<std::string, std::string>& builtInExpressions(ReportSource source) {
  static const std::map<ReportSource, std::map<std::string, std::string>> all = {
      {ReportSource::Cases,
       {{"caseNumber", "r.case_number"},
        {"type", "r.type_ref"},
        {"status", "r.status"},
        {"displayName", "r.display_name"},
        {"createdAt", "r.created_at"},
        {"createdBy", "r.created_by_name"},
        {"closedAt", "r.closed_at"},
        {"daysToClose", "r.days_open"},
        {"modifiedAt", "r.modified_at"},
        {"modifiedBy", "r.modified_by_name"}}},
      {ReportSource::Persons,
       {{"type", "r.type_ref"},
        {"state", "CASE WHEN r.obsolete <> 0 THEN 'obsolete' ELSE 'active' END"},
        {"displayName", "r.display_name"},
        {"createdAt", "r.created_at"},
        {"createdBy", "r.created_by_name"},
        {"modifiedAt", "r.modified_at"},
        {"modifiedBy", "r.modified_by_name"}}},
      {ReportSource::Documents,
       {{"title", "d.title"},
        {"category", "d.category"},
        {"folder", "d.folder"},
        {"storedAs", "d.ext_ref_type"},
        {"author", "d.author"},
        {"caseNumber", "c.case_number"},
        {"caseType", "c.type_ref"},
        {"createdAt", "d.created_at"},
        {"createdBy", "d.created_by_name"},
        {"modifiedAt", "d.modified_at"}}},
      {ReportSource::Tasks,
       {{"task", "s.task_id"},
        {"step", "s.step_id"},
        {"status", "s.status"},
        {"recordType", "COALESCE(c.type_ref, p.type_ref)"},
        {"by", "s.by_name"},
        {"at", "s.at"}}},
      {ReportSource::History,
       {{"recordType", "COALESCE(c.type_ref, p.type_ref)"},
        {"record", "COALESCE(c.case_number, p.display_name)"},
        {"action", "h.action"},
        {"by", "h.user_display_name"},
        {"at", "h.at"}}},
  };
  return all.at(source);
}

// The day after a YYYY-MM-DD date, as the exclusive end of a range.
std::string dayAfter(const std::string& date) {
  const auto time = parseIsoTime(date + "T00:00:00.000Z");
  return time ? formatIsoTime(*time + std::chrono::days(1)).substr(0, 10) : date;
}

class Builder {
 public:
  Builder(const types::ReportDefinition& report, const ReportScope& scope)
      : report_(report), scope_(scope), tables_(tablesOf(report.source)) {}

  std::string bind(std::variant<std::string, std::int64_t> value) {
    sql_.parameters.push_back(std::move(value));
    return "?" + std::to_string(sql_.parameters.size());
  }

  // (?3, ?4, ?5, ?5): padded to a power of two with the last value again, so that a choice of
  // 1…64 values makes at most seven statements.
  std::string list(const std::vector<std::string>& values) {
    std::size_t slots = 1;
    while (slots < values.size()) {
      slots *= 2;
    }
    std::string text = "(";
    for (std::size_t i = 0; i < slots; ++i) {
      text += (i == 0 ? "" : ", ") + bind(values[std::min(i, values.size() - 1)]);
    }
    return text + ")";
  }

  std::string expression(const ReportColumn& column) {
    std::string text;
    if (column.field != nullptr) {
      const auto path = bind("$." + column.field->id);
      text = "json_extract(r.fields, " + path + ")";
      if (column.field->type == types::FieldType::YesNo) {
        // SQLite gives true as 1, PostgreSQL as 'true'.
        text = "CASE WHEN CAST(" + text + " AS TEXT) IN ('1', 'true') THEN 'true' ELSE 'false' END";
      }
    } else if (column.column == "state" && report_.source == ReportSource::Cases) {
      text = caseState();
    } else {
      text = builtInExpressions(report_.source).at(column.column);
    }
    switch (column.bucket) {
      case DateBucket::None:
        return text;
      case DateBucket::Day:
        return "substr(" + text + ", 1, 10)";
      case DateBucket::Week:
        return "iso_week(" + text + ")";
      case DateBucket::Month:
        return "substr(" + text + ", 1, 7)";
      case DateBucket::Year:
        return "substr(" + text + ", 1, 4)";
      case DateBucket::Quarter:
        return "substr(" + text + ", 1, 4) || '-Q' || CAST((CAST(substr(" + text +
               ", 6, 2) AS INTEGER) + 2) / 3 AS TEXT)";
    }
    return text;
  }

  std::string measure(const types::ReportMeasure& measure) {
    if (measure.aggregate == types::Aggregate::Count) {
      return "COUNT(*)";
    }
    auto value = expression(measure.of);
    if (measure.of.type == types::ReportValueType::Number && measure.of.field != nullptr) {
      // A field's number is JSON: text on PostgreSQL, perhaps empty.
      value = "CAST(NULLIF(" + value + ", '') AS DOUBLE PRECISION)";
    } else if (measure.of.type == types::ReportValueType::Number) {
      value = "CAST(" + value + " AS DOUBLE PRECISION)";
    }
    switch (measure.aggregate) {
      case types::Aggregate::Sum:
        return "SUM(" + value + ")";
      case types::Aggregate::Average:
        return "AVG(" + value + ")";
      case types::Aggregate::Min:
        return "MIN(" + value + ")";
      case types::Aggregate::Max:
        return "MAX(" + value + ")";
      case types::Aggregate::Count:
        break;
    }
    return "COUNT(*)";
  }

  // The rows the person may see, that meet the report's conditions and that they asked for.
  std::string where(const std::vector<FilterChoice>& choices) {
    std::vector<std::string> conditions;
    if (*tables_.alwaysWhere != '\0') {
      conditions.emplace_back(tables_.alwaysWhere);
    }
    std::vector<std::string> types;
    for (const auto* type : report_.types) {
      if (std::find(scope_.visibleTypes.begin(), scope_.visibleTypes.end(), type->ref) !=
          scope_.visibleTypes.end()) {
        types.push_back(type->ref);
      }
    }
    if (types.empty()) {
      conditions.emplace_back("1 = 0");
    } else {
      conditions.push_back(std::string(tables_.typeExpression) + " IN " + list(types));
    }
    if (report_.source == ReportSource::Documents) {
      conditions.push_back("d.security IN " + list(scope_.documentSecurity.empty()
                                                       ? std::vector<std::string>{""}
                                                       : scope_.documentSecurity));
    }
    for (const auto& condition : report_.where) {
      const auto column = [&] { return expression(condition.on); };
      if (!condition.equals.empty()) {
        auto left = column();
        conditions.push_back(left + " IN " + list(condition.equals));
      }
      if (condition.from) {
        auto left = column();
        conditions.push_back(left + " >= " + bind(condition.from->text(scope_.now)));
      }
      if (condition.before) {
        auto left = column();
        conditions.push_back(left + " < " + bind(condition.before->text(scope_.now)));
      }
      if (condition.empty) {
        conditions.push_back("COALESCE(CAST(" + column() + " AS TEXT), '') " +
                             (*condition.empty ? "= ''" : "<> ''"));
      }
    }
    for (const auto& choice : choices) {
      // An expression binds parameters of its own: made only for a condition that uses it.
      const auto column = [&] { return expression(choice.filter->on); };
      if (choice.filter->role != nullptr) {
        if (!choice.keys.empty()) {
          conditions.push_back(heldBy(*choice.filter->role, choice.keys));
        }
      } else if (choice.filter->kind == types::ReportFilterKind::DateRange) {
        if (choice.from) {
          auto left = column();
          conditions.push_back(left + " >= " + bind(*choice.from));
        }
        if (choice.to) {
          auto left = column();
          conditions.push_back(left + " < " + bind(dayAfter(*choice.to)));
        }
      } else if (!choice.keys.empty()) {
        auto left = column();
        conditions.push_back(left + " IN " + list(choice.keys));
      }
    }
    std::string text;
    for (const auto& condition : conditions) {
      text += (text.empty() ? " WHERE " : " AND ") + condition;
    }
    return text;
  }

  // The rows' SELECT … FROM … WHERE … GROUP BY, without their order.
  std::string unordered(const std::vector<FilterChoice>& choices) {
    std::string select;
    const auto add = [&](const std::string& text) {
      select += (select.empty() ? "" : ", ") + text;
    };
    if (report_.aggregated()) {
      for (const auto& column : report_.groupBy) {
        add(expression(column));
      }
      for (const auto& measure : report_.measures) {
        add(this->measure(measure));
      }
    } else {
      // A field is read from the record's values, parsed once a row by forEachRow: asked of the
      // database, each field would parse the whole JSON again (11 fields over a million rows
      // took PostgreSQL 50 s more).
      int at = 0;
      for (const auto& column : report_.columns) {
        if (readsFromValues(column)) {
          sql_.columns.push_back({.field = column.field});
          continue;
        }
        add(expression(column));
        sql_.columns.push_back({.at = at++});
      }
      if (at < static_cast<int>(report_.columns.size())) {
        add("r.fields");
        sql_.valuesAt = at;
      }
    }
    auto text = "SELECT " + select + " FROM " + tables_.from + where(choices);
    if (report_.aggregated() && !report_.groupBy.empty()) {
      text += " GROUP BY ";
      for (std::size_t i = 1; i <= report_.groupBy.size(); ++i) {
        text += (i == 1 ? "" : ", ") + std::to_string(i);
      }
    }
    return text;
  }

  // By position, which both databases take for a grouped expression with parameters in it.
  std::string order() {
    std::vector<std::string> ids;
    if (report_.aggregated()) {
      for (const auto& column : report_.groupBy) {
        ids.push_back(column.id);
      }
      for (const auto& measure : report_.measures) {
        ids.push_back(measure.id);
      }
    } else {
      for (const auto& column : report_.columns) {
        ids.push_back(column.id);
      }
    }
    std::string text = " ORDER BY ";
    std::size_t first = 1;
    if (!report_.sortBy.empty()) {
      first = static_cast<std::size_t>(std::find(ids.begin(), ids.end(), report_.sortBy) -
                                       ids.begin()) +
              1;
    }
    std::string sortKey = std::to_string(first);
    if (!report_.aggregated()) {
      // A listing's columns are not all in the statement: by what it holds, or by expression.
      const auto& column = report_.columns.at(first - 1);
      sortKey = readsFromValues(column) ? expression(column)
                                        : std::to_string(sql_.columns.at(first - 1).at + 1);
    }
    // Empty last either way: the databases disagree where NULL sorts unless told.
    text += sortKey + (report_.sortDescending ? " DESC" : "") + " NULLS LAST";
    const auto groups = report_.aggregated() ? report_.groupBy.size() : 0;
    for (std::size_t i = 1; i <= groups; ++i) {
      if (i != first) {
        text += ", " + std::to_string(i);
      }
    }
    if (!report_.aggregated()) {
      text += std::string(", ") + tables_.rowKey;
    }
    return text;
  }

  // The row's record has one of the persons (their ids, checked as such by readChoices) in the
  // role: the role links' own index (parent, role) answers it for each row.
  std::string heldBy(const types::RoleDefinition& role, const std::vector<std::string>& personIds) {
    std::string parent;
    switch (report_.source) {
      case ReportSource::Cases:
        parent = "l.parent_kind = 'case' AND l.parent_id = r.id";
        break;
      case ReportSource::Persons:
        parent = "l.parent_kind = 'person' AND l.parent_id = r.id";
        break;
      case ReportSource::Documents:
        parent = "l.parent_kind = 'case' AND l.parent_id = c.id";
        break;
      case ReportSource::Tasks:
        parent = "l.parent_kind = s.entity_kind AND l.parent_id = s.entity_id";
        break;
      case ReportSource::History:
        parent = "l.parent_kind = h.entity_kind AND l.parent_id = h.entity_id";
        break;
    }
    return "EXISTS (SELECT 1 FROM role_links l WHERE " + parent +
           " AND l.role_code = " + bind(role.code) +
           " AND l.holder_kind = 'person' AND l.holder_id IN " + list(personIds) + ")";
  }

  // A listing's field column, whose values forEachRow reads from the record's JSON.
  bool readsFromValues(const ReportColumn& column) const {
    return column.field != nullptr && column.bucket == DateBucket::None &&
           (report_.source == ReportSource::Cases || report_.source == ReportSource::Persons);
  }

  ReportSql finish(std::string text) {
    sql_.text = std::move(text);
    return std::move(sql_);
  }

 private:
  // Open or closed by the type's statuses: closed where the status is not active (types/).
  std::string caseState() {
    std::string closed;
    for (const auto* type : report_.types) {
      for (const auto& status : type->statuses) {
        if (!status.active) {
          closed += (closed.empty() ? "" : " OR ") + std::string("(r.type_ref = ") +
                    bind(type->ref) + " AND r.status = " + bind(status.value) + ")";
        }
      }
    }
    return closed.empty() ? "'open'" : "CASE WHEN " + closed + " THEN 'closed' ELSE 'open' END";
  }

  const types::ReportDefinition& report_;
  const ReportScope& scope_;
  SourceTables tables_;
  ReportSql sql_;
};

}  // namespace

ReportSql reportRowsSql(const types::ReportDefinition& report, const ReportScope& scope,
                        const std::vector<FilterChoice>& choices, std::optional<RowWindow> window) {
  Builder builder(report, scope);
  // The order is made from what the select found: after it.
  auto text = builder.unordered(choices);
  text += builder.order();
  if (window) {
    text += " LIMIT " + builder.bind(std::int64_t{window->limit}) + " OFFSET " +
            builder.bind(std::int64_t{window->offset});
  }
  return builder.finish(std::move(text));
}

ReportSql reportCountSql(const types::ReportDefinition& report, const ReportScope& scope,
                         const std::vector<FilterChoice>& choices) {
  Builder builder(report, scope);
  auto text = "SELECT COUNT(*) FROM (" + builder.unordered(choices) + ") counted";
  return builder.finish(std::move(text));
}

}  // namespace dossier::reports
