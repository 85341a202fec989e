#include "reports/report_service.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "blobs/blob_store.hpp"
#include "core/crypto.hpp"
#include "db/pool.hpp"
#include "downloads/file_downloads.hpp"
#include "environments/environment.hpp"
#include "records/access.hpp"
#include "reports/errors.hpp"
#include "reports/report_charts.hpp"
#include "reports/report_files.hpp"
#include "reports/report_filters.hpp"
#include "reports/report_preferences.hpp"
#include "reports/report_rows.hpp"
#include "types/document_definition.hpp"
#include "types/report_definitions.hpp"

namespace dossier::reports {

namespace json = boost::json;

namespace {

// The most groups a view or a chart takes; a report that makes more is a listing in disguise and is
// exported rather than viewed.
constexpr std::size_t kMostGroups = 10'000;

using types::ReportDefinition;

// How the list shows the report: its table and its charts.
json::array presentationsOf(const ReportDefinition& report) {
  json::array out{json::value("table")};
  for (const auto& chart : report.charts) {
    out.push_back(json::value(types::chartTypeWord(chart.type)));
  }
  return out;
}

const ReportDefinition* runnable(const types::Catalog& catalog, std::string_view code,
                                 std::string_view username) {
  const auto groups = catalog.groupsOf(username);
  // Without case: the web app's addresses are lower-cased.
  const auto same = [&](const std::string& each) {
    return each.size() == code.size() &&
           std::equal(each.begin(), each.end(), code.begin(), [](char a, char b) {
             return std::tolower(static_cast<unsigned char>(a)) ==
                    std::tolower(static_cast<unsigned char>(b));
           });
  };
  for (const auto& report : catalog.reports) {
    if (same(report->code)) {
      return report->mayBeRunBy(groups) ? report.get() : nullptr;
    }
  }
  return nullptr;
}

Result<const ReportDefinition*> find(const types::Catalog& catalog, std::string_view code,
                                     std::string_view username) {
  if (const auto* report = runnable(catalog, code, username)) {
    return report;
  }
  return Error::of(errors::kNotFound, "There is no report " + std::string(code) + ".");
}

ReportScope scopeOf(const types::Catalog& catalog, const ReportDefinition& report,
                    std::string_view username) {
  ReportScope scope;
  const auto add = [&](types::EntityKind kind) {
    for (auto& ref : records::visibleTypeRefs(catalog, kind, username)) {
      scope.visibleTypes.push_back(std::move(ref));
    }
  };
  if (report.source == types::ReportSource::Persons ||
      report.source == types::ReportSource::Tasks) {
    add(types::EntityKind::Person);
  }
  if (report.source != types::ReportSource::Persons) {
    add(types::EntityKind::Case);
  }
  scope.documentSecurity = types::visibleDocumentSecurity(catalog, username);
  return scope;
}

json::value cellJson(const Cell& cell) {
  if (const auto* text = std::get_if<std::string>(&cell)) {
    return json::value(*text);
  }
  if (const auto* number = std::get_if<double>(&cell)) {
    return json::value(*number);
  }
  return json::value(nullptr);
}

const char* typeWord(types::ReportValueType type) {
  switch (type) {
    case types::ReportValueType::Number:
      return "number";
    case types::ReportValueType::Date:
      return "date";
    case types::ReportValueType::DateTime:
      return "datetime";
    case types::ReportValueType::Text:
      break;
  }
  return "text";
}

// A file name a person recognises and every system takes: the heading and the day.
std::string fileNameFor(const ReportDefinition& report, const std::string& format, TimePoint now) {
  std::string name;
  for (const char c : report.heading) {
    name += (c == '/' || c == '\\' || c == ':' || c == '"' || c == '*' || c == '?' || c == '<' ||
             c == '>' || c == '|' || static_cast<unsigned char>(c) < 0x20)
                ? '-'
                : c;
  }
  return name + " " + formatIsoTime(now).substr(0, 10) + "." + format;
}

const char* mediaTypeOf(const std::string& format) {
  if (format == "csv") {
    return "text/csv; charset=utf-8";
  }
  if (format == "xlsx") {
    return "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
  }
  return "application/pdf";
}

// A file in the system's temporary folder that goes when this does.
struct TemporaryFile {
  std::filesystem::path path;
  TemporaryFile()
      : path(std::filesystem::temp_directory_path() / ("dossier-export-" + randomToken())) {}
  ~TemporaryFile() {
    std::error_code ignored;
    std::filesystem::remove(path, ignored);
  }
};

}  // namespace

json::array listReports(environments::Environment& environment, const api::Session& session) {
  const auto& catalog = environment.catalog();
  std::map<std::string, ReportPreference> kept;
  {
    auto db = environment.db().acquire();
    kept = preferencesOf(*db, session.userId);
  }
  const auto groups = catalog.groupsOf(session.username);
  std::vector<const ReportDefinition*> reports;
  for (const auto& report : catalog.reports) {
    if (report->mayBeRunBy(groups)) {
      reports.push_back(report.get());
    }
  }
  std::stable_sort(reports.begin(), reports.end(), [](const auto* a, const auto* b) {
    return std::tie(a->group, a->heading) < std::tie(b->group, b->heading);
  });
  json::array out;
  for (const auto* report : reports) {
    const auto found = kept.find(report->code);
    const auto preference = found != kept.end() ? found->second : ReportPreference{};
    out.push_back(json::object{
        {"ReportCode", report->code},
        {"Heading", report->heading},
        {"Group", report->group},
        {"Description", report->description},
        {"Favourite", preference.favourite},
        {"LastRunAt", preference.lastRunAt ? json::value(formatIsoTime(*preference.lastRunAt))
                                           : json::value(nullptr)},
        {"Presentations", presentationsOf(*report)}});
  }
  return out;
}

Result<json::object> reportData(environments::Environment& environment, const api::Session& session,
                                std::string_view code) {
  auto report = find(environment.catalog(), code, session.username);
  if (!report) {
    return std::move(report).error();
  }
  ReportPreference preference;
  {
    auto db = environment.db().acquire();
    preference = preferenceOf(*db, session.userId, (*report)->code);
  }
  json::array saved;
  if (auto parsed = json::parse(preference.filters); parsed.is_array()) {
    saved = std::move(parsed.as_array());
  }
  const auto& definition = **report;
  return json::object{{"id", definition.code},
                      {"ReportID", definition.code},
                      {"ReportCode", definition.code},
                      {"Heading", definition.heading},
                      {"Group", definition.group},
                      {"Description", definition.description},
                      {"Favourite", preference.favourite},
                      {"components", filterComponents(definition, saved)},
                      {"outputFormatComponents", outputFormatComponents(definition)}};
}

Status markFavourite(environments::Environment& environment, const api::Session& session,
                     std::string_view code, bool favourite) {
  auto report = find(environment.catalog(), code, session.username);
  if (!report) {
    return std::move(report).error();
  }
  auto db = environment.db().acquire();
  setFavourite(*db, session.userId, (*report)->code, favourite);
  return {};
}

Result<json::object> viewReport(environments::Environment& environment, const api::Session& session,
                                const ViewRequest& request) {
  const auto& catalog = environment.catalog();
  auto found = find(catalog, request.reportCode, session.username);
  if (!found) {
    return std::move(found).error();
  }
  const auto& report = **found;
  auto choices = readChoices(report, request.filters);
  if (!choices) {
    return std::move(choices).error();
  }
  const auto scope = scopeOf(catalog, report, session.username);
  const auto columns = resultColumns(report);
  json::array rows;
  json::array charts;
  std::int64_t total = 0;
  const auto offset = static_cast<std::int64_t>(request.page - 1) * request.pageSize;
  const auto toJson = [](const std::vector<Cell>& row) {
    json::array cells;
    for (const auto& cell : row) {
      cells.push_back(cellJson(cell));
    }
    return cells;
  };
  auto db = environment.db().acquire();
  if (report.aggregated()) {
    std::vector<std::vector<Cell>> all;
    forEachRow(*db, catalog, report, reportRowsSql(report, scope, *choices),
               [&](std::vector<Cell>& row) {
                 all.push_back(row);
                 return all.size() < kMostGroups;
               });
    total = static_cast<std::int64_t>(all.size());
    for (auto i = offset; i < total && i < offset + request.pageSize; ++i) {
      rows.push_back(toJson(all[static_cast<std::size_t>(i)]));
    }
    charts = chartsOf(report, all);
  } else {
    total = countRows(*db, reportCountSql(report, scope, *choices));
    forEachRow(*db, catalog, report,
               reportRowsSql(report, scope, *choices,
                             RowWindow{static_cast<int>(offset), request.pageSize}),
               [&](std::vector<Cell>& row) {
                 rows.push_back(toJson(row));
                 return true;
               });
  }
  const auto now = Clock::now();
  recordRun(*db, session.userId, report.code, json::serialize(request.filters), now);
  json::array columnsJson;
  for (const auto& column : columns) {
    columnsJson.push_back(
        json::object{{"id", column.id}, {"label", column.label}, {"type", typeWord(column.type)}});
  }
  json::array used;
  for (const auto& each : filtersUsed(*choices)) {
    used.push_back(json::object{{"label", each.label}, {"text", each.text}});
  }
  return json::object{{"reportCode", report.code},
                      {"heading", report.heading},
                      {"columns", std::move(columnsJson)},
                      {"rows", std::move(rows)},
                      {"totalRows", total},
                      {"page", request.page},
                      {"pageSize", request.pageSize},
                      {"charts", std::move(charts)},
                      {"filtersUsed", std::move(used)},
                      {"generatedAt", formatIsoTime(now)}};
}

Result<ExportedFile> exportReport(environments::Environment& environment,
                                  const api::Session& session, const ExportRequest& request) {
  const auto& catalog = environment.catalog();
  auto found = find(catalog, request.reportCode, session.username);
  if (!found) {
    return std::move(found).error();
  }
  const auto& report = **found;
  if (request.format.empty()) {
    return Error::of(errors::kFormatRequired, "Choose an output format.")
        .withField("outputFormat", "Choose an output format.");
  }
  if (std::find(report.formats.begin(), report.formats.end(), request.format) ==
      report.formats.end()) {
    return Error::of(errors::kFormatNotOffered,
                     "This report cannot be exported as " + request.format + ".")
        .withField("outputFormat", "Not offered for this report.");
  }
  auto choices = readChoices(report, request.filters);
  if (!choices) {
    return std::move(choices).error();
  }
  const auto scope = scopeOf(catalog, report, session.username);
  const auto columns = resultColumns(report);
  const auto started = Clock::now();
  // Written to a file while the rows are read, then stored once the database connection is back:
  // a store that keeps its blobs in the database borrows from the same pool.
  TemporaryFile file;
  Result<std::int64_t> rows = std::int64_t{0};
  {
    auto db = environment.db().acquire();
    if (request.format == "pdf") {
      const auto count = countRows(*db, reportCountSql(report, scope, *choices));
      if (count > static_cast<std::int64_t>(mostPdfRows())) {
        return Error::of(errors::kTooLargeForPdf,
                         "This report has " + std::to_string(count) +
                             " rows: a PDF takes at most " + std::to_string(mostPdfRows()) +
                             ". Export it as an Excel workbook or CSV, or narrow the filters.")
            .withField("outputFormat", "Too many rows for a PDF.");
      }
    }
    const ExportHeading heading{report.heading, filtersUsed(*choices),
                                "Generated " + formatIsoTime(started).substr(0, 10) + " " +
                                    formatIsoTime(started).substr(11, 5) + " UTC by " +
                                    session.displayName};
    rows = writeReportFile(request.format, file.path, columns, heading,
                           [&](const std::function<bool(std::vector<Cell>&)>& onRow) {
                             return forEachRow(*db, catalog, report,
                                               reportRowsSql(report, scope, *choices), onRow);
                           });
  }
  if (!rows) {
    return std::move(rows).error();
  }
  auto writer = environment.blobs().begin();
  if (!writer) {
    return std::move(writer).error();
  }
  {
    std::ifstream in(file.path, std::ios::binary);
    std::vector<char> buffer(256 * 1024);
    while (in.read(buffer.data(), static_cast<std::streamsize>(buffer.size())) || in.gcount() > 0) {
      if (auto appended = (*writer)->append(
              std::string_view(buffer.data(), static_cast<std::size_t>(in.gcount())));
          !appended) {
        return std::move(appended).error();
      }
    }
  }
  auto blob = (*writer)->commit();
  if (!blob) {
    return std::move(blob).error();
  }
  const auto now = Clock::now();
  const auto fileName = fileNameFor(report, request.format, now);
  auto db = environment.db().acquire();
  db::Transaction transaction(*db);
  const auto token = downloads::issueFileToken(
      *db, {blob->sha256, blob->size, fileName, mediaTypeOf(request.format), session.userId}, now);
  recordRun(*db, session.userId, report.code, json::serialize(request.filters), now);
  transaction.commit();
  return ExportedFile{token, fileName, *rows};
}

}  // namespace dossier::reports
