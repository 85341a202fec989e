#include "reports/report_filing.hpp"

#include <algorithm>

#include <boost/json/serialize.hpp>

#include "blobs/blob_store.hpp"
#include "core/clock.hpp"
#include "core/text.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"
#include "reports/errors.hpp"
#include "reports/report_preferences.hpp"
#include "reports/report_service.hpp"
#include "types/report_definitions.hpp"

namespace dossier::reports {

namespace json = boost::json;

namespace {

// The longest title a document takes (documents' properties form).
constexpr std::size_t kMostTitle = 255;

}  // namespace

Result<FiledReportDocument> fileReport(environments::Environment& environment,
                                       const api::Services& services, const api::Session& session,
                                       const FilingRequest& request) {
  const auto* report = runnableReport(environment.catalog(), request.reportCode, session.username);
  if (report == nullptr) {
    return Error::of(errors::kNotFound, "There is no report " + request.reportCode + ".");
  }
  const auto caseNumber = std::string(trimmedText(request.caseNumber));
  if (caseNumber.empty()) {
    return Error::of(errors::kInvalidFiling, "Choose the case to file the report in.")
        .withField("caseNumber", "Choose a case.");
  }
  if (std::find(report->formats.begin(), report->formats.end(), "pdf") == report->formats.end()) {
    return Error::of(errors::kFormatNotOffered,
                     "This report is not offered as a PDF, so it cannot be filed in a case.");
  }
  auto title = std::string(trimmedText(request.title));
  if (title.size() > kMostTitle) {
    return Error::of(errors::kInvalidFiling,
                     "A title may have at most " + std::to_string(kMostTitle) + " characters.")
        .withField("title", "Too long.");
  }
  const auto now = Clock::now();
  if (title.empty()) {
    title = report->heading + " " + formatIsoTime(now).substr(0, 10);
  }
  auto made = makeExportFile(environment, api::actorOf(session),
                             {report->code, "pdf", request.filters}, {});
  if (!made) {
    return std::move(made).error();
  }
  auto content = environment.blobs().read(made->blob);
  if (!content) {
    return std::move(content).error();
  }
  const auto filters = json::serialize(request.filters);
  auto guid = services.fileDocument(environment, session,
                                    {caseNumber, made->fileName, title, std::move(*content)},
                                    api::GeneratedReport{report->code, filters});
  if (!guid) {
    return std::move(guid).error();
  }
  {
    auto db = environment.db().acquire();
    recordRun(*db, session.userId, report->code, filters, now);
  }
  return FiledReportDocument{std::move(*guid), caseNumber, title, made->fileName, made->rows};
}

}  // namespace dossier::reports
