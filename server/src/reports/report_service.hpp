#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "api/session.hpp"
#include "core/result.hpp"
#include "records/actor.hpp"
#include "reports/report_exports.hpp"

namespace dossier::environments {
class Environment;
}
namespace dossier::types {
class Catalog;
struct ReportDefinition;
}  // namespace dossier::types

namespace dossier::reports {

// The reports of an environment's reports.yaml that a person may run, run as that person: a report
// counts and lists only what they may see, in every format.

// The report of that code (in any letter case: the web app's addresses are lower-cased) when the
// person may run it; null otherwise.
const types::ReportDefinition* runnableReport(const types::Catalog& catalog, std::string_view code,
                                              std::string_view username);

// GET /reports: each runnable report with the person's favourite mark and last run.
boost::json::array listReports(environments::Environment& environment, const api::Session& session);
// GET /reports/{code}: the report's data for its panel (spec 2 §3 "Report data"); the filters carry
// the person's last choices. reports.not_found for a report they may not run.
Result<boost::json::object> reportData(environments::Environment& environment,
                                       const api::Session& session, std::string_view code);
Status markFavourite(environments::Environment& environment, const api::Session& session,
                     std::string_view code, bool favourite);
// GET /reports/{code}/filters/{id}/options: the people in a role-filter's role whose name contains
// `search`, as {valueField, textField}; reports.not_found for a report or filter unknown to the
// person, reports.invalid_filter for a filter that is not on people in a role.
Result<boost::json::array> roleFilterOptions(environments::Environment& environment,
                                             const api::Session& session, std::string_view code,
                                             std::string_view filterId, std::string_view search);

struct ViewRequest {
  std::string reportCode;
  boost::json::array filters;
  int page = 1;
  int pageSize = 50;
};
// POST /reports/report: one page of the rows, the charts over all of them, the filters used.
Result<boost::json::object> viewReport(environments::Environment& environment,
                                       const api::Session& session, const ViewRequest& request);

struct ExportRequest {
  std::string reportCode;
  std::string format;
  boost::json::array filters;
};
struct ExportedFile {
  std::string token;
  std::string fileName;
  std::int64_t rows = 0;
};
// What POST /reports/export answers: the file, fetched with the token, when the report has at most
// reports.backgroundFrom rows; otherwise the export queued to run in the background (its JSON).
struct ExportAnswer {
  std::optional<ExportedFile> file;
  std::optional<boost::json::object> queued;
};
Result<ExportAnswer> exportReport(environments::Environment& environment,
                                  const api::Session& session, const ExportRequest& request);

// Told the rows written so far as a file is made; false stops it (reports.export_cancelled).
using ExportProgress = std::function<bool(std::int64_t rowsDone)>;
// The file of an export made as `who`, with their rights, stored in the environment's blob store:
// what the background runner and the schedules do.
Result<FinishedFile> makeExportFile(environments::Environment& environment,
                                    const records::Actor& who, const ExportRequest& request,
                                    const ExportProgress& progress);

// The person's background exports, newest first (GET /reports/exports); one of them; asking to
// cancel one; a token to fetch a finished one's file. An export of someone else is not found.
boost::json::array listExports(environments::Environment& environment, const api::Session& session);
Result<boost::json::object> exportStatus(environments::Environment& environment,
                                         const api::Session& session, std::string_view id);
Result<boost::json::object> cancelExport(environments::Environment& environment,
                                         const api::Session& session, std::string_view id);
Result<ExportedFile> fetchExport(environments::Environment& environment,
                                 const api::Session& session, std::string_view id);

}  // namespace dossier::reports
