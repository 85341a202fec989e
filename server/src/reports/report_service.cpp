#include "reports/report_service.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <unistd.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "blobs/blob_store.hpp"
#include "core/crypto.hpp"
#include "core/text.hpp"
#include "db/pool.hpp"
#include "downloads/file_downloads.hpp"
#include "environments/environment.hpp"
#include "records/access.hpp"
#include "reports/errors.hpp"
#include "reports/export_runner.hpp"
#include "reports/report_charts.hpp"
#include "reports/report_files.hpp"
#include "reports/report_filters.hpp"
#include "reports/report_preferences.hpp"
#include "reports/report_rows.hpp"
#include "reports/role_filters.hpp"
#include "types/document_definition.hpp"
#include "types/report_definitions.hpp"

namespace dossier::reports {

namespace json = boost::json;

namespace {

// The most groups a view or a chart takes; a report that makes more is a listing in disguise and is
// exported rather than viewed.
constexpr std::size_t kMostGroups = 10'000;
// The exports GET /reports/exports lists: the newest of what is kept.
constexpr int kListedExports = 50;

using types::ReportDefinition;

// How the list shows the report: its table and its charts.
json::array presentationsOf(const ReportDefinition& report) {
  json::array out{json::value("table")};
  for (const auto& chart : report.charts) {
    out.push_back(json::value(types::chartTypeWord(chart.type)));
  }
  return out;
}

Result<const ReportDefinition*> find(const types::Catalog& catalog, std::string_view code,
                                     std::string_view username) {
  if (const auto* report = runnableReport(catalog, code, username)) {
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
      report.source == types::ReportSource::Tasks ||
      report.source == types::ReportSource::History) {
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

const ReportDefinition* runnableReport(const types::Catalog& catalog, std::string_view code,
                                       std::string_view username) {
  const auto groups = catalog.groupsOf(username);
  // Without case: the web app's addresses are lower-cased.
  for (const auto& report : catalog.reports) {
    if (equalsIgnoringCase(report->code, code)) {
      return report->mayBeRunBy(groups) ? report.get() : nullptr;
    }
  }
  return nullptr;
}

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
  const auto& definition = **report;
  auto db = environment.db().acquire();
  const auto preference = preferenceOf(*db, session.userId, definition.code);
  json::array saved;
  if (auto parsed = json::parse(preference.filters); parsed.is_array()) {
    saved = std::move(parsed.as_array());
  }
  // The people chosen last, by name: only those the person may still see.
  const auto names =
      personNames(*db, environment.catalog(), session.username, savedRoleKeys(definition, saved));
  return json::object{{"id", definition.code},
                      {"ReportID", definition.code},
                      {"ReportCode", definition.code},
                      {"Heading", definition.heading},
                      {"Group", definition.group},
                      {"Description", definition.description},
                      {"Favourite", preference.favourite},
                      {"components", filterComponents(definition, saved, names)},
                      {"outputFormatComponents", outputFormatComponents(definition)}};
}

Result<json::array> roleFilterOptions(environments::Environment& environment,
                                      const api::Session& session, std::string_view code,
                                      std::string_view filterId, std::string_view search) {
  auto report = find(environment.catalog(), code, session.username);
  if (!report) {
    return std::move(report).error();
  }
  const auto& filters = (*report)->filters;
  const auto filter = std::find_if(filters.begin(), filters.end(),
                                   [&](const auto& each) { return each.id == filterId; });
  if (filter == filters.end()) {
    return Error::of(errors::kNotFound, "The report " + (*report)->code + " has no filter " +
                                            std::string(filterId) + ".");
  }
  if (filter->role == nullptr) {
    return Error::of(errors::kInvalidFilter, filter->label +
                                                 " is not a choice of people: its options come "
                                                 "with the report's data.");
  }
  auto db = environment.db().acquire();
  json::array options;
  for (auto& option :
       roleHolderChoices(*db, environment.catalog(), **report, *filter, session.username, search)) {
    options.push_back(json::object{{"valueField", std::move(option.value)},
                                   {"textField", std::move(option.text)}});
  }
  return options;
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
  if (auto named = nameRoleChoices(*db, catalog, session.username, *choices); !named) {
    return std::move(named).error();
  }
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

namespace {

// An export request found good: its report, as the person may run it, and their filter choices.
struct ExportPlan {
  const ReportDefinition* report = nullptr;
  std::vector<FilterChoice> choices;
};

Result<ExportPlan> planExport(db::Connection& db, const types::Catalog& catalog,
                              std::string_view username, const ExportRequest& request) {
  auto found = find(catalog, request.reportCode, username);
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
  if (auto named = nameRoleChoices(db, catalog, username, *choices); !named) {
    return std::move(named).error();
  }
  return ExportPlan{&report, std::move(*choices)};
}

// How many rows the file will have; a PDF of more than it takes is refused before any is written.
Result<std::int64_t> rowsToExport(db::Connection& db, const types::Catalog& catalog,
                                  const ExportPlan& plan, std::string_view format,
                                  std::string_view username) {
  const auto scope = scopeOf(catalog, *plan.report, username);
  std::int64_t count = 0;
  if (plan.report->aggregated()) {
    forEachRow(db, catalog, *plan.report, reportRowsSql(*plan.report, scope, plan.choices),
               [&](std::vector<Cell>&) {
                 ++count;
                 return true;
               });
  } else {
    count = countRows(db, reportCountSql(*plan.report, scope, plan.choices));
  }
  if (format == "pdf" && count > static_cast<std::int64_t>(mostPdfRows())) {
    return Error::of(errors::kTooLargeForPdf,
                     "This report has " + std::to_string(count) + " rows: a PDF takes at most " +
                         std::to_string(mostPdfRows()) +
                         ". Export it as an Excel workbook or CSV, or narrow the filters.")
        .withField("outputFormat", "Too many rows for a PDF.");
  }
  return count;
}

// A made file handed to a store that renames it in: hashed from the page cache and synced, so
// that half a gigabyte of CSV is not written a second time.
Result<std::pair<std::string, std::int64_t>> handOver(blobs::BlobStore& store,
                                                      const std::filesystem::path& path) {
  Sha256Stream hash;
  std::uint64_t size = 0;
  {
    std::ifstream in(path, std::ios::binary);
    std::vector<char> buffer(1024 * 1024);
    while (in.read(buffer.data(), static_cast<std::streamsize>(buffer.size())) || in.gcount() > 0) {
      const auto got = static_cast<std::size_t>(in.gcount());
      hash.update(std::string_view(buffer.data(), got));
      size += got;
    }
  }
  const int descriptor = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  const bool synced = descriptor >= 0 && ::fsync(descriptor) == 0;
  if (descriptor >= 0) {
    ::close(descriptor);
  }
  if (!synced) {
    return Error::of(errors::kExportFailed, "The export's file could not be kept: " +
                                                std::string(std::strerror(errno)) + ".");
  }
  auto blob = store.adopt(path, hash.hexDigest(), size);
  if (!blob) {
    return std::move(blob).error();
  }
  return std::pair{blob->sha256, static_cast<std::int64_t>(blob->size)};
}

// Puts a made file into the environment's blob store: its SHA-256 and size.
Result<std::pair<std::string, std::int64_t>> storeMadeFile(environments::Environment& environment,
                                                           const std::filesystem::path& path) {
  if (environment.blobs().adoptsByRenaming()) {
    return handOver(environment.blobs(), path);
  }
  auto writer = environment.blobs().begin();
  if (!writer) {
    return std::move(writer).error();
  }
  std::ifstream in(path, std::ios::binary);
  std::vector<char> buffer(256 * 1024);
  while (in.read(buffer.data(), static_cast<std::streamsize>(buffer.size())) || in.gcount() > 0) {
    if (auto appended = (*writer)->append(
            std::string_view(buffer.data(), static_cast<std::size_t>(in.gcount())));
        !appended) {
      return std::move(appended).error();
    }
  }
  auto blob = (*writer)->commit();
  if (!blob) {
    return std::move(blob).error();
  }
  return std::pair{blob->sha256, static_cast<std::int64_t>(blob->size)};
}

Result<FinishedFile> makeFile(environments::Environment& environment, const records::Actor& who,
                              const ExportPlan& plan, const std::string& format,
                              const ExportProgress& progress) {
  const auto& catalog = environment.catalog();
  const auto& report = *plan.report;
  const auto scope = scopeOf(catalog, report, who.username);
  const auto columns = resultColumns(report);
  const auto started = Clock::now();
  // Written to a file while the rows are read, then stored once the database connection is back:
  // a store that keeps its blobs in the database borrows from the same pool.
  TemporaryFile file;
  Result<std::int64_t> rows = std::int64_t{0};
  bool stopped = false;
  {
    auto db = environment.db().acquire();
    const db::LongStatements longer(*db);
    const ExportHeading heading{report.heading, filtersUsed(plan.choices),
                                "Generated " + formatIsoTime(started).substr(0, 10) + " " +
                                    formatIsoTime(started).substr(11, 5) + " UTC by " +
                                    who.displayName,
                                environment.config().reports.paper, report.orientation};
    std::int64_t done = 0;
    rows = writeReportFile(format, file.path, columns, heading,
                           [&](const std::function<bool(std::vector<Cell>&)>& onRow) {
                             return forEachRow(*db, catalog, report,
                                               reportRowsSql(report, scope, plan.choices),
                                               [&](std::vector<Cell>& row) {
                                                 if (!onRow(row)) {
                                                   return false;
                                                 }
                                                 if (progress && !progress(++done)) {
                                                   stopped = true;
                                                   return false;
                                                 }
                                                 return true;
                                               });
                           });
  }
  if (stopped) {
    return Error::of(errors::kExportCancelled, "The export was cancelled.");
  }
  if (!rows) {
    return std::move(rows).error();
  }
  auto stored = storeMadeFile(environment, file.path);
  if (!stored) {
    return std::move(stored).error();
  }
  return FinishedFile{stored->first, stored->second, fileNameFor(report, format, Clock::now()),
                      mediaTypeOf(format), *rows};
}

// One of the person's own exports; another's is not found, as one that is not there.
Result<BackgroundExport> ownExport(db::Connection& db, const api::Session& session,
                                   std::string_view id) {
  const auto number = parsePositiveId(id);
  auto found = number ? exportById(db, *number) : std::nullopt;
  if (!found || found->userId != session.userId) {
    return Error::of(
        errors::kExportNotFound,
        "There is no export " + std::string(id) +
            " of yours: it may have been cleared after its file was kept long enough.");
  }
  return std::move(*found);
}

std::optional<TimePoint> keptUntil(const environments::Environment& environment,
                                   const BackgroundExport& exported) {
  if (!exported.finishedAt) {
    return std::nullopt;
  }
  return *exported.finishedAt + environment.config().reports.keepExportsFor;
}

}  // namespace

Result<FinishedFile> makeExportFile(environments::Environment& environment,
                                    const records::Actor& who, const ExportRequest& request,
                                    const ExportProgress& progress) {
  std::optional<ExportPlan> plan;
  {
    auto db = environment.db().acquire();
    auto planned = planExport(*db, environment.catalog(), who.username, request);
    if (!planned) {
      return std::move(planned).error();
    }
    plan = std::move(*planned);
    if (auto counted =
            rowsToExport(*db, environment.catalog(), *plan, request.format, who.username);
        !counted) {
      return std::move(counted).error();
    }
  }
  return makeFile(environment, who, *plan, request.format, progress);
}

Result<ExportAnswer> exportReport(environments::Environment& environment,
                                  const api::Session& session, const ExportRequest& request) {
  const auto& catalog = environment.catalog();
  const auto& settings = environment.config().reports;
  const auto filters = json::serialize(request.filters);
  std::optional<ExportPlan> plan;
  {
    auto db = environment.db().acquire();
    auto planned = planExport(*db, catalog, session.username, request);
    if (!planned) {
      return std::move(planned).error();
    }
    plan = std::move(*planned);
    auto count = rowsToExport(*db, catalog, *plan, request.format, session.username);
    if (!count) {
      return std::move(count).error();
    }
    if (*count > settings.backgroundFrom) {
      // A long export holds no request and no worker: it waits its turn in the queue that the
      // runners of every server process sharing the database take from.
      db::Transaction transaction(*db);
      if (unfinishedExportsOf(*db, session.userId) >= settings.exportsPerPerson) {
        return Error::of(errors::kTooManyExports,
                         "You have " + std::to_string(settings.exportsPerPerson) +
                             " exports under way: wait for one to finish, or cancel one, before "
                             "starting another.");
      }
      const auto now = Clock::now();
      const auto id = queueExport(*db,
                                  {session.userId, plan->report->code, plan->report->heading,
                                   request.format, filters, *count},
                                  now);
      recordRun(*db, session.userId, plan->report->code, filters, now);
      transaction.commit();
      wakeExportRunners();
      auto queued = exportById(*db, id);
      return ExportAnswer{std::nullopt, exportJson(*queued, std::nullopt)};
    }
  }
  auto made = makeFile(environment, actorOf(session), *plan, request.format, {});
  if (!made) {
    return std::move(made).error();
  }
  const auto now = Clock::now();
  auto db = environment.db().acquire();
  db::Transaction transaction(*db);
  const auto token = downloads::issueFileToken(*db,
                                               {made->blob, static_cast<std::uint64_t>(made->size),
                                                made->fileName, made->mediaType, session.userId},
                                               now);
  recordRun(*db, session.userId, plan->report->code, filters, now);
  transaction.commit();
  return ExportAnswer{ExportedFile{token, made->fileName, made->rows}, std::nullopt};
}

json::array listExports(environments::Environment& environment, const api::Session& session) {
  auto db = environment.db().acquire();
  json::array out;
  for (const auto& each : exportsOf(*db, session.userId, kListedExports)) {
    out.push_back(exportJson(each, keptUntil(environment, each)));
  }
  return out;
}

Result<json::object> exportStatus(environments::Environment& environment,
                                  const api::Session& session, std::string_view id) {
  auto db = environment.db().acquire();
  auto found = ownExport(*db, session, id);
  if (!found) {
    return std::move(found).error();
  }
  return exportJson(*found, keptUntil(environment, *found));
}

Result<json::object> cancelExport(environments::Environment& environment,
                                  const api::Session& session, std::string_view id) {
  auto db = environment.db().acquire();
  auto found = ownExport(*db, session, id);
  if (!found) {
    return std::move(found).error();
  }
  // Asking again, or after it finished, changes nothing: the answer says where it stands.
  requestCancel(*db, found->id, Clock::now());
  auto now = exportById(*db, found->id);
  return exportJson(*now, keptUntil(environment, *now));
}

Result<ExportedFile> fetchExport(environments::Environment& environment,
                                 const api::Session& session, std::string_view id) {
  auto db = environment.db().acquire();
  auto found = ownExport(*db, session, id);
  if (!found) {
    return std::move(found).error();
  }
  if (found->status != ExportStatus::Done) {
    return Error::of(errors::kExportNotReady, found->finished()
                                                  ? "This export has no file: it " +
                                                        std::string(statusWord(found->status)) + "."
                                                  : "This export is still being made.");
  }
  const auto token =
      downloads::issueFileToken(*db,
                                {found->blob, static_cast<std::uint64_t>(found->fileSize),
                                 found->fileName, found->mediaType, session.userId},
                                Clock::now());
  return ExportedFile{token, found->fileName, found->rowsDone};
}

}  // namespace dossier::reports
