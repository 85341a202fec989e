#include "types/report_definitions.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <set>

#include "core/text.hpp"
#include "core/yaml_reader.hpp"
#include "types/config_identifier.hpp"
#include "types/document_definition.hpp"
#include "types/role_definition.hpp"
#include "types/task_definitions.hpp"

namespace dossier::types {

namespace {

struct BuiltIn {
  const char* id;
  const char* label;
  ReportValueType type;
};

using V = ReportValueType;

// The columns each source has besides its types' fields. reports/report_sql.cpp gives each its SQL.
const std::map<ReportSource, std::vector<BuiltIn>>& builtIns() {
  static const std::map<ReportSource, std::vector<BuiltIn>> columns = {
      {ReportSource::Cases,
       {{"caseNumber", "Case number", V::Text},
        {"type", "Type", V::Text},
        {"status", "Status", V::Text},
        {"state", "Open or closed", V::Text},
        {"displayName", "Name", V::Text},
        {"createdAt", "Opened", V::DateTime},
        {"createdBy", "Opened by", V::Text},
        {"closedAt", "Closed", V::DateTime},
        {"daysToClose", "Days to close", V::Number},
        {"modifiedAt", "Last changed", V::DateTime},
        {"modifiedBy", "Last changed by", V::Text}}},
      {ReportSource::Persons,
       {{"type", "Type", V::Text},
        {"state", "Active or obsolete", V::Text},
        {"displayName", "Name", V::Text},
        {"createdAt", "Added", V::DateTime},
        {"createdBy", "Added by", V::Text},
        {"modifiedAt", "Last changed", V::DateTime},
        {"modifiedBy", "Last changed by", V::Text}}},
      {ReportSource::Documents,
       {{"title", "Title", V::Text},
        {"category", "Category", V::Text},
        {"folder", "Folder", V::Text},
        {"storedAs", "Kind", V::Text},
        {"author", "Author", V::Text},
        {"caseNumber", "Case number", V::Text},
        {"caseType", "Case type", V::Text},
        {"createdAt", "Registered", V::DateTime},
        {"createdBy", "Registered by", V::Text},
        {"modifiedAt", "Last changed", V::DateTime}}},
      {ReportSource::Tasks,
       {{"task", "Task", V::Text},
        {"step", "Step", V::Text},
        {"status", "Status", V::Text},
        {"recordType", "Record type", V::Text},
        {"by", "By", V::Text},
        {"at", "When", V::DateTime}}},
      {ReportSource::History,
       {{"recordType", "Record type", V::Text},
        {"record", "Record", V::Text},
        {"action", "Change", V::Text},
        {"by", "By", V::Text},
        {"at", "When", V::DateTime}}},
  };
  return columns;
}

// The reports area's own addresses beside /reports/{code} (in any letter case, as codes are
// matched): a report of one of these names could not be reached.
bool isReportsRouteName(std::string_view code) {
  const auto lower = asciiLower(code);
  return lower == "report" || lower == "export" || lower == "exports" || lower == "schedules";
}

std::optional<ReportSource> sourceFromWord(std::string_view word) {
  for (auto source : {ReportSource::Cases, ReportSource::Persons, ReportSource::Documents,
                      ReportSource::Tasks, ReportSource::History}) {
    if (word == reportSourceWord(source)) {
      return source;
    }
  }
  return std::nullopt;
}

ReportValueType valueTypeOf(const FieldDef& field) {
  switch (field.type) {
    case FieldType::Number:
      return V::Number;
    case FieldType::Date:
      return V::Date;
    case FieldType::DateTime:
      return V::DateTime;
    default:
      return V::Text;
  }
}

const char* bucketWords[] = {"", "day", "week", "month", "quarter", "year"};

// Reads a column reference ({column: status} or {field: receivedOn}, with label, id and bucket).
class ColumnReader {
 public:
  ColumnReader(const ReportDefinition& report) : report_(report) {}

  // takesId: the entry names the column's id (a column or a grouping); a filter or a measure has
  // an id of its own.
  std::optional<ReportColumn> read(YamlReader& item, bool bucketAllowed, bool takesId = true) {
    const auto column = item.string("column");
    const auto fieldId = item.string("field");
    if (column.empty() == fieldId.empty()) {
      item.error(item.has("column") ? "field" : "column",
                 "name either a column of the source or a field of its types");
      return std::nullopt;
    }
    ReportColumn out;
    if (!column.empty()) {
      const auto& columns = builtIns().at(report_.source);
      const auto found = std::find_if(columns.begin(), columns.end(),
                                      [&](const BuiltIn& each) { return column == each.id; });
      if (found == columns.end()) {
        std::string names;
        for (const auto& each : columns) {
          names += (names.empty() ? "" : ", ") + std::string(each.id);
        }
        item.error("column", "'" + column + "' is not a column of " +
                                 reportSourceWord(report_.source) + " (" + names + ")");
        return std::nullopt;
      }
      out.column = column;
      out.label = found->label;
      out.type = found->type;
    } else {
      out.field = fieldOf(fieldId);
      if (out.field == nullptr) {
        item.error("field", "'" + fieldId + "' is not a field of the report's types");
        return std::nullopt;
      }
      if (out.field->type == FieldType::MultiChoice || out.field->type == FieldType::Address ||
          out.field->type == FieldType::RichText) {
        item.error("field", "a report cannot show or group by '" + fieldId +
                                "': its values are lists, addresses or formatted text");
        return std::nullopt;
      }
      out.label = out.field->label;
      out.type = valueTypeOf(*out.field);
    }
    out.id = column.empty() ? fieldId : column;
    if (takesId) {
      out.id = item.string("id", out.id);
    }
    out.label = item.string("label", out.label);
    const auto bucket = item.string("bucket");
    if (!bucket.empty()) {
      const auto* word = std::find(std::begin(bucketWords) + 1, std::end(bucketWords), bucket);
      if (!bucketAllowed) {
        item.error("bucket", "only a grouping cuts dates into periods");
      } else if (word == std::end(bucketWords)) {
        item.error("bucket",
                   "'" + bucket + "' is not a period (day, week, month, quarter or year)");
      } else if (out.type != V::Date && out.type != V::DateTime) {
        item.error("bucket", "'" + out.id + "' is not a date");
      } else {
        out.bucket = static_cast<DateBucket>(word - std::begin(bucketWords));
        out.type = V::Text;
      }
    }
    return out;
  }

 private:
  // Documents, tasks and history name the fields of the records they belong to only through
  // built-in columns; a field is one of the report's types'.
  const FieldDef* fieldOf(const std::string& id) const {
    if (report_.source == ReportSource::Documents || report_.source == ReportSource::Tasks ||
        report_.source == ReportSource::History) {
      return nullptr;
    }
    for (const auto* type : report_.types) {
      if (const auto* field = type->field(id)) {
        return field;
      }
    }
    return nullptr;
  }

  const ReportDefinition& report_;
};

// The options a choice filter over a column offers when the report gives none.
std::vector<Option> optionsOf(const ReportDefinition& report, const ReportColumn& column,
                              const Catalog& catalog) {
  std::vector<Option> options;
  const auto add = [&](const std::string& value, const std::string& text) {
    if (std::none_of(options.begin(), options.end(),
                     [&](const Option& each) { return each.value == value; })) {
      options.push_back({value, text});
    }
  };
  if (column.field != nullptr) {
    if (column.field->type == FieldType::YesNo) {
      add("true", "Yes");
      add("false", "No");
      return options;
    }
    return column.field->options;
  }
  const auto& id = column.column;
  if (id == "type" || id == "caseType" || id == "recordType") {
    for (const auto* type : report.types) {
      add(type->ref, type->name);
    }
  } else if (id == "status" && report.source == ReportSource::Cases) {
    for (const auto* type : report.types) {
      for (const auto& status : type->statuses) {
        add(status.value, status.name);
      }
    }
  } else if (id == "status" && report.source == ReportSource::Tasks) {
    add("N", "Not started");
    add("S", "Started");
    add("C", "Complete");
    add("F", "Failed");
  } else if (id == "state" && report.source == ReportSource::Cases) {
    add("open", "Open");
    add("closed", "Closed");
  } else if (id == "state") {
    add("active", "Active");
    add("obsolete", "Obsolete");
  } else if ((id == "category" || id == "folder") && catalog.documents) {
    return id == "category" ? catalog.documents->categories : catalog.documents->folders;
  } else if (id == "task") {
    for (const auto& task : catalog.tasks) {
      add(task->id, task->displayName);
    }
  } else if (id == "action") {
    for (const auto& [value, text] : historyActions()) {
      add(value, text);
    }
  }
  return options;
}

// {id, label, type: choice or multiChoice, role: CODE}: people in a role the report's records have.
bool readRoleFilter(YamlReader& entry, const ReportDefinition& report, const Catalog& catalog,
                    ReportFilter& filter) {
  const auto code = entry.requiredString("role");
  for (const char* other : {"column", "field", "options"}) {
    if (entry.has(other)) {
      entry.error(other, "a filter on people in a role takes its choices from the role alone");
      return false;
    }
  }
  const auto found = std::find_if(catalog.roles.begin(), catalog.roles.end(),
                                  [&](const auto& role) { return role->code == code; });
  if (found == catalog.roles.end()) {
    entry.error("role", "'" + code + "' is not a role of roles.yaml");
    return false;
  }
  const auto& role = **found;
  if (role.holderKind != EntityKind::Person) {
    entry.error("role", "'" + code + "' is held by cases, not people");
    return false;
  }
  const bool onTheseRecords = std::any_of(role.on.begin(), role.on.end(), [&](const auto* type) {
    return std::find(report.types.begin(), report.types.end(), type) != report.types.end();
  });
  if (!onTheseRecords) {
    entry.error("role", "no record of this report has the role '" + code + "'");
    return false;
  }
  if (filter.kind == ReportFilterKind::DateRange) {
    entry.error("type", "people in a role are a choice or a multiChoice, not a date range");
    return false;
  }
  filter.role = &role;
  filter.label = entry.string("label", role.name);
  filter.mandatory = entry.boolean("mandatory", false);
  return true;
}

void readFilters(YamlReader& item, ReportDefinition& report, const Catalog& catalog) {
  std::set<std::string> ids;
  item.list("filters", [&](YamlReader& entry, std::size_t) {
    entry.allowOnly({"id", "label", "type", "column", "field", "role", "options", "mandatory"});
    ReportFilter filter;
    filter.id = entry.requiredString("id");
    if (!filter.id.empty() && !isConfigIdentifier(filter.id)) {
      entry.error("id", "a filter's id is letters, digits, - and _ (at most 60)");
    } else if (!filter.id.empty() && !ids.insert(filter.id).second) {
      entry.error("id", "the filter " + filter.id + " is in this report twice");
    }
    const auto kind = entry.requiredString("type");
    if (kind == "dateRange") {
      filter.kind = ReportFilterKind::DateRange;
    } else if (kind == "choice") {
      filter.kind = ReportFilterKind::Choice;
    } else if (kind == "multiChoice") {
      filter.kind = ReportFilterKind::MultiChoice;
    } else if (!kind.empty()) {
      entry.error("type",
                  "'" + kind + "' is not a kind of filter (dateRange, choice, multiChoice)");
    }
    if (entry.has("role")) {
      if (readRoleFilter(entry, report, catalog, filter)) {
        report.filters.push_back(std::move(filter));
      }
      return;
    }
    auto column = ColumnReader(report).read(entry, false, false);
    if (!column) {
      return;
    }
    filter.on = std::move(*column);
    filter.label = entry.string("label", filter.on.label);
    filter.mandatory = entry.boolean("mandatory", false);
    const bool isDate = filter.on.type == V::Date || filter.on.type == V::DateTime;
    if (filter.kind == ReportFilterKind::DateRange && !isDate) {
      entry.error("type", "a date range filters a date: '" + filter.on.id + "' is not one");
    } else if (filter.kind != ReportFilterKind::DateRange) {
      entry.list("options", [&](YamlReader& option, std::size_t) {
        option.allowOnly({"value", "text"});
        filter.options.push_back({option.requiredString("value"), option.requiredString("text")});
      });
      if (filter.options.empty()) {
        filter.options = optionsOf(report, filter.on, catalog);
      }
      if (filter.options.empty()) {
        entry.error("options", "give the choices: '" + filter.on.id + "' has none of its own");
      }
    }
    report.filters.push_back(std::move(filter));
  });
}

// "now", "today", either with "+ 3 days", "- 2 weeks" (now also "- 4 hours"), or a date
// "2026-01-31"; spaces anywhere. nullopt, with why, for anything else.
std::optional<ReportMoment> parseMoment(const std::string& written, std::string& why) {
  std::string text;
  for (const char c : written) {
    if (c != ' ') {
      text += c;
    }
  }
  ReportMoment moment;
  if (text.size() == 10 && text[4] == '-' && text[7] == '-') {
    const auto time = parseIsoTime(text + "T00:00:00.000Z");
    if (!time || formatIsoTime(*time).substr(0, 10) != text) {
      why = "'" + written + "' is not a date of the calendar";
      return std::nullopt;
    }
    moment.base = ReportMoment::Base::Date;
    moment.date = text;
    return moment;
  }
  std::string_view rest = text;
  if (rest.starts_with("now")) {
    rest.remove_prefix(3);
  } else if (rest.starts_with("today")) {
    moment.base = ReportMoment::Base::Today;
    rest.remove_prefix(5);
  } else {
    rest = "?";
  }
  if (rest.empty()) {
    return moment;
  }
  why = "'" + written +
        "' is not a moment: now, today or a date (2026-01-31); now or today with days or weeks "
        "added or taken away (today - 30 days), now also with hours (now - 4 hours)";
  if (rest.front() != '+' && rest.front() != '-') {
    return std::nullopt;
  }
  const int sign = rest.front() == '-' ? -1 : 1;
  rest.remove_prefix(1);
  std::int64_t count = 0;
  std::size_t digits = 0;
  while (digits < rest.size() && rest[digits] >= '0' && rest[digits] <= '9' && digits < 6) {
    count = count * 10 + (rest[digits] - '0');
    ++digits;
  }
  if (digits == 0) {
    return std::nullopt;
  }
  rest.remove_prefix(digits);
  static const std::map<std::string_view, std::int64_t> kUnits = {
      {"hour", 3600},  {"hours", 3600},  {"day", 86400},
      {"days", 86400}, {"week", 604800}, {"weeks", 604800}};
  const auto unit = kUnits.find(rest);
  if (unit == kUnits.end()) {
    return std::nullopt;
  }
  if (unit->second == 3600 && moment.base == ReportMoment::Base::Today) {
    why = "'" + written + "': hours are counted from now, today is a whole day";
    return std::nullopt;
  }
  moment.offset = std::chrono::seconds(sign * count * unit->second);
  return moment;
}

// The report's fixed conditions (where:), over its columns.
void readWhere(YamlReader& item, ReportDefinition& report, const Catalog& catalog) {
  item.list("where", [&](YamlReader& entry, std::size_t) {
    entry.allowOnly({"column", "field", "equals", "before", "from", "empty"});
    auto column = ColumnReader(report).read(entry, false, false);
    if (!column) {
      return;
    }
    ReportCondition condition;
    condition.on = std::move(*column);
    const auto& id = condition.on.id;
    const bool isDate = condition.on.type == V::Date || condition.on.type == V::DateTime;
    // One way of comparing in each condition.
    std::vector<std::string_view> ways;
    for (const std::string_view key : {"equals", "before", "from", "empty"}) {
      if (entry.has(key) && !(key == "from" && entry.has("before"))) {
        ways.push_back(key);
      }
    }
    if (ways.empty()) {
      entry.error("", "say what '" + id + "' must be: equals, before, from or empty");
      return;
    }
    if (ways.size() > 1) {
      entry.error(ways[1],
                  "a condition either equals, compares dates (before, from) or asks "
                  "whether empty: make this one a condition of its own");
      return;
    }
    if (entry.has("equals")) {
      condition.equals = entry.stringList("equals");
      if (isDate || condition.on.type == V::Number) {
        entry.error("equals", "equals takes a column of text or choices: '" + id + "' is a " +
                                  (isDate ? "date (before or from compare dates)" : "number"));
        return;
      }
      if (condition.equals.empty()) {
        entry.error("equals", "name the value, or a list of values, '" + id + "' must equal");
        return;
      }
      const auto options = optionsOf(report, condition.on, catalog);
      std::string names;
      for (const auto& option : options) {
        names += (names.empty() ? "" : ", ") + option.value;
      }
      for (const auto& value : condition.equals) {
        if (!options.empty() &&
            std::none_of(options.begin(), options.end(),
                         [&](const Option& option) { return option.value == value; })) {
          entry.error("equals", "'" + value + "' is not a value of '" + id + "' (" + names + ")");
          return;
        }
      }
    }
    for (const std::string_view key : {"before", "from"}) {
      if (!entry.has(key)) {
        continue;
      }
      if (!isDate) {
        entry.error(key, "before and from compare dates: '" + id + "' is not one");
        return;
      }
      std::string why;
      const auto moment = parseMoment(entry.string(key), why);
      if (!moment) {
        entry.error(key, why);
        return;
      }
      if (moment->base == ReportMoment::Base::Now && condition.on.type == V::Date) {
        entry.error(key, "'" + id + "' is a date without a time: compare it with today, not now");
        return;
      }
      (key == "before" ? condition.before : condition.from) = *moment;
    }
    if (entry.has("empty")) {
      condition.empty = entry.boolean("empty", true);
    }
    report.where.push_back(std::move(condition));
  });
}

void readDataset(YamlReader& item, ReportDefinition& report) {
  std::set<std::string> ids;
  const auto unique = [&](YamlReader& entry, const std::string& id) {
    if (!ids.insert(id).second) {
      entry.error("id", "'" + id + "' names two columns of this report: give one an id");
    }
  };
  ColumnReader columns(report);
  item.list("columns", [&](YamlReader& entry, std::size_t) {
    entry.allowOnly({"id", "label", "column", "field"});
    if (auto column = columns.read(entry, false)) {
      unique(entry, column->id);
      report.columns.push_back(std::move(*column));
    }
  });
  item.list("groupBy", [&](YamlReader& entry, std::size_t) {
    entry.allowOnly({"id", "label", "column", "field", "bucket"});
    if (auto column = columns.read(entry, true)) {
      unique(entry, column->id);
      report.groupBy.push_back(std::move(*column));
    }
  });
  item.list("measures", [&](YamlReader& entry, std::size_t) {
    entry.allowOnly({"id", "label", "aggregate", "column", "field"});
    ReportMeasure measure;
    measure.id = entry.requiredString("id");
    measure.label = entry.string("label", measure.id);
    const auto aggregate = entry.requiredString("aggregate");
    static const std::map<std::string, Aggregate> kAggregates = {{"count", Aggregate::Count},
                                                                 {"sum", Aggregate::Sum},
                                                                 {"average", Aggregate::Average},
                                                                 {"min", Aggregate::Min},
                                                                 {"max", Aggregate::Max}};
    if (const auto found = kAggregates.find(aggregate); found != kAggregates.end()) {
      measure.aggregate = found->second;
    } else if (!aggregate.empty()) {
      entry.error("aggregate",
                  "'" + aggregate + "' is not an aggregate (count, sum, average, min, max)");
      return;
    }
    if (measure.aggregate != Aggregate::Count) {
      auto column = columns.read(entry, false, false);
      if (!column) {
        return;
      }
      const bool numeric = column->type == V::Number;
      const bool dated = column->type == V::Date || column->type == V::DateTime;
      if ((measure.aggregate == Aggregate::Sum || measure.aggregate == Aggregate::Average)
              ? !numeric
              : !(numeric || dated)) {
        const bool numbersOnly =
            measure.aggregate == Aggregate::Sum || measure.aggregate == Aggregate::Average;
        entry.error("aggregate", aggregate + " needs " +
                                     (numbersOnly ? "a number" : "a number or a date") + ": '" +
                                     column->id + "' is not one");
        return;
      }
      measure.of = std::move(*column);
    } else if (entry.has("column") || entry.has("field")) {
      entry.error("aggregate", "count counts rows: it takes no column");
    }
    if (!measure.id.empty()) {
      unique(entry, measure.id);
    }
    report.measures.push_back(std::move(measure));
  });
  if (report.columns.empty() && report.measures.empty()) {
    item.error("columns",
               "a report lists columns, or groups rows (groupBy) and counts them "
               "(measures)");
  } else if (!report.columns.empty() && (!report.measures.empty() || !report.groupBy.empty())) {
    item.error("columns",
               "a report either lists rows (columns) or groups them (groupBy and "
               "measures), not both");
  } else if (!report.groupBy.empty() && report.measures.empty()) {
    item.error("measures", "a grouping needs at least one measure (aggregate: count …)");
  }
  const auto sort = item.string("sortBy");
  if (!sort.empty()) {
    const bool descending = sort.starts_with("-");
    report.sortBy = descending ? sort.substr(1) : sort;
    report.sortDescending = descending;
    if (!ids.contains(report.sortBy)) {
      item.error("sortBy", "'" + report.sortBy + "' is not a column of this report");
    }
  }
}

void readCharts(YamlReader& item, ReportDefinition& report) {
  const auto isGroup = [&](const std::string& id) {
    return std::any_of(report.groupBy.begin(), report.groupBy.end(),
                       [&](const ReportColumn& each) { return each.id == id; });
  };
  const auto isMeasure = [&](const std::string& id) {
    return std::any_of(report.measures.begin(), report.measures.end(),
                       [&](const ReportMeasure& each) { return each.id == id; });
  };
  item.list("charts", [&](YamlReader& entry, std::size_t) {
    entry.allowOnly({"type", "title", "category", "series", "value"});
    ReportChart chart;
    const auto type = entry.requiredString("type");
    static const std::map<std::string, ChartType> kTypes = {{"bar", ChartType::Bar},
                                                            {"line", ChartType::Line},
                                                            {"pie", ChartType::Pie},
                                                            {"stacked", ChartType::Stacked}};
    if (const auto found = kTypes.find(type); found != kTypes.end()) {
      chart.type = found->second;
    } else if (!type.empty()) {
      entry.error("type", "'" + type + "' is not a chart (bar, line, pie, stacked)");
    }
    chart.title = entry.string("title", report.heading);
    chart.category = entry.requiredString("category");
    chart.series = entry.string("series");
    chart.value = entry.string("value", report.measures.empty() ? "" : report.measures[0].id);
    if (!report.aggregated()) {
      entry.error("type", "a chart draws the groups of a report with measures");
      return;
    }
    if (!chart.category.empty() && !isGroup(chart.category)) {
      entry.error("category", "'" + chart.category + "' is not one of the report's groupBy");
    }
    if (!chart.series.empty() && !isGroup(chart.series)) {
      entry.error("series", "'" + chart.series + "' is not one of the report's groupBy");
    }
    if (chart.type == ChartType::Pie && !chart.series.empty()) {
      entry.error("series", "a pie has one series");
    }
    if (chart.type == ChartType::Stacked && chart.series.empty()) {
      entry.error("series", "a stacked chart stacks a series per value of a groupBy: name it");
    }
    if (!isMeasure(chart.value)) {
      entry.error("value", "'" + chart.value + "' is not one of the report's measures");
    }
    report.charts.push_back(std::move(chart));
  });
}

}  // namespace

const std::vector<std::pair<std::string, std::string>>& historyActions() {
  static const std::vector<std::pair<std::string, std::string>> actions = {
      {"created", "Created"},
      {"updated", "Changed"},
      {"obsolete", "Made obsolete"},
      {"reinstate", "Reinstated"},
      {"document.created", "Document added"},
      {"document.updated", "Document properties changed"},
      {"document.checkedOut", "Document checked out"},
      {"document.checkOutUndone", "Document check-out undone"},
      {"document.checkedIn", "Document checked in"},
      {"document.reverted", "Document reverted"},
      {"document.renamed", "Document renamed"},
      {"document.deleted", "Document deleted"},
      {"role.added", "Role holder added"},
      {"role.removed", "Role holder removed"},
      {"alternatename.added", "Alternate name added"},
      {"alternatename.changed", "Alternate name changed"},
      {"alternatename.removed", "Alternate name removed"},
      {"comment.added", "Comment added"},
      {"comment.changed", "Comment changed"},
      {"comment.removed", "Comment removed"},
      {"crossreference.added", "Cross reference added"},
      {"crossreference.changed", "Cross reference changed"},
      {"crossreference.removed", "Cross reference removed"},
      {"task.started", "Task started"},
      {"task.step", "Task step done"},
      {"task.failed", "Task step failed"},
      {"task.completed", "Task completed"},
      {"task.cancelled", "Task cancelled"},
  };
  return actions;
}

const char* reportSourceWord(ReportSource source) {
  switch (source) {
    case ReportSource::Cases:
      return "cases";
    case ReportSource::Persons:
      return "persons";
    case ReportSource::Documents:
      return "documents";
    case ReportSource::Tasks:
      return "tasks";
    case ReportSource::History:
      return "history";
  }
  return "cases";
}

const char* chartTypeWord(ChartType type) {
  switch (type) {
    case ChartType::Bar:
      return "bar";
    case ChartType::Line:
      return "line";
    case ChartType::Pie:
      return "pie";
    case ChartType::Stacked:
      return "stacked";
  }
  return "bar";
}

std::string ReportMoment::text(TimePoint now) const {
  switch (base) {
    case Base::Date:
      return date;
    case Base::Today:
      return formatIsoTime(std::chrono::floor<std::chrono::days>(now) + offset).substr(0, 10);
    case Base::Now:
      break;
  }
  return formatIsoTime(now + offset);
}

bool ReportDefinition::mayBeRunBy(const std::set<std::string>& groups) const {
  return std::any_of(runBy.begin(), runBy.end(),
                     [&](const std::string& group) { return groups.contains(group); });
}

std::vector<std::shared_ptr<const ReportDefinition>> readReportDefinitions(
    const std::filesystem::path& environmentFolder, const Catalog& catalog, ConfigErrors& errors) {
  std::vector<std::shared_ptr<const ReportDefinition>> reports;
  const auto file = environmentFolder / "reports.yaml";
  if (!std::filesystem::exists(file)) {
    return reports;
  }
  auto root = YamlReader::loadFile(file, file.string(), errors);
  if (!root) {
    return reports;
  }
  root->allowOnly({"reports"});
  std::set<std::string> codes;
  root->list("reports", [&](YamlReader& item, std::size_t) {
    item.allowOnly({"code", "heading", "group", "description", "runBy", "source", "types",
                    "filters", "where", "columns", "groupBy", "measures", "sortBy", "charts",
                    "formats", "orientation"});
    auto report = std::make_shared<ReportDefinition>();
    report->code = item.requiredString("code");
    if (!report->code.empty() && !isConfigIdentifier(report->code)) {
      item.error("code", "a report's code is letters, digits, - and _ (at most 60)");
    } else if (isReportsRouteName(report->code)) {
      item.error("code", "'" + report->code + "' is the name of a reports route: choose another");
    } else if (!report->code.empty() && !codes.insert(report->code).second) {
      item.error("code", "the report " + report->code + " is defined twice");
    }
    report->heading = item.requiredString("heading");
    report->group = item.string("group", "Reports");
    report->description = item.string("description");
    report->runBy = item.has("runBy") ? item.stringList("runBy") : std::vector<std::string>{};
    if (report->runBy.empty()) {
      report->runBy = {"everyone"};
    }
    for (const auto& group : report->runBy) {
      if (group != "everyone" &&
          std::none_of(catalog.groups.begin(), catalog.groups.end(),
                       [&](const Group& each) { return each.name == group; })) {
        item.error("runBy", "'" + group + "' is not a group of groups.yaml");
      }
    }
    const auto sourceWord = item.requiredString("source");
    const auto source = sourceFromWord(sourceWord);
    if (!source) {
      if (!sourceWord.empty()) {
        item.error("source", "'" + sourceWord +
                                 "' is not a source (cases, persons, documents, tasks, history)");
      }
      return;
    }
    report->source = *source;
    const auto kindOf = [&](const EntityType& type) {
      switch (report->source) {
        case ReportSource::Persons:
          return type.kind == EntityKind::Person;
        case ReportSource::Tasks:
        case ReportSource::History:
          return true;
        case ReportSource::Cases:
        case ReportSource::Documents:
          break;
      }
      return type.kind == EntityKind::Case;
    };
    if (item.has("types")) {
      for (const auto& ref : item.stringList("types")) {
        const auto found =
            std::find_if(catalog.types.begin(), catalog.types.end(),
                         [&](const auto& type) { return type->ref == ref && kindOf(*type); });
        if (found == catalog.types.end()) {
          item.error("types", "'" + ref + "' is not a type whose records " +
                                  reportSourceWord(report->source) + " come from");
        } else {
          report->types.push_back(found->get());
        }
      }
    } else {
      for (const auto& type : catalog.types) {
        if (kindOf(*type)) {
          report->types.push_back(type.get());
        }
      }
    }
    if (report->source == ReportSource::Documents && !catalog.documents) {
      item.error("source", "this environment keeps no documents (documents.yaml)");
    }
    readFilters(item, *report, catalog);
    readWhere(item, *report, catalog);
    readDataset(item, *report);
    readCharts(item, *report);
    report->formats = item.has("formats") ? item.stringList("formats")
                                          : std::vector<std::string>(std::begin(kReportFormats),
                                                                     std::end(kReportFormats));
    for (const auto& format : report->formats) {
      if (std::find(std::begin(kReportFormats), std::end(kReportFormats), format) ==
          std::end(kReportFormats)) {
        item.error("formats", "'" + format + "' is not an output format (pdf, xlsx, csv)");
      }
    }
    report->orientation = item.string("orientation");
    if (!report->orientation.empty() && report->orientation != "portrait" &&
        report->orientation != "landscape") {
      item.error("orientation",
                 "'" + report->orientation + "' is not a way a page lies (portrait or landscape)");
    }
    reports.push_back(std::move(report));
  });
  return reports;
}

}  // namespace dossier::types
