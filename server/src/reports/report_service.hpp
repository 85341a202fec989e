#pragma once

#include <string>
#include <string_view>

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "api/session.hpp"
#include "core/result.hpp"

namespace dossier::environments {
class Environment;
}

namespace dossier::reports {

// The reports of an environment's reports.yaml that a person may run, run as that person: a report
// counts and lists only what they may see, in every format.

// GET /reports: each runnable report with the person's favourite mark and last run.
boost::json::array listReports(environments::Environment& environment, const api::Session& session);
// GET /reports/{code}: the report's data for its panel (spec 2 §3 "Report data"); the filters carry
// the person's last choices. reports.not_found for a report they may not run.
Result<boost::json::object> reportData(environments::Environment& environment,
                                       const api::Session& session, std::string_view code);
Status markFavourite(environments::Environment& environment, const api::Session& session,
                     std::string_view code, bool favourite);

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
// POST /reports/export: the whole result as a file of the format, fetched with the token.
Result<ExportedFile> exportReport(environments::Environment& environment,
                                  const api::Session& session, const ExportRequest& request);

}  // namespace dossier::reports
