#pragma once

#include <cstdint>
#include <string>

#include <boost/json/array.hpp>

#include "api/services.hpp"
#include "api/session.hpp"
#include "core/result.hpp"

namespace dossier::environments {
class Environment;
}

namespace dossier::reports {

// A report filed in a case (POST /reports/file): the report as a PDF, made as the person filing it,
// becomes a document of the case that remembers the report and its filter values, so that its
// preview can show the report as it is now beside the copy filed (spec 2 §3 "Document preview
// data (report)"). Filed through api::Services, with the documents feature's checks: the person
// must be allowed to add documents to the case.
struct FilingRequest {
  std::string reportCode;
  boost::json::array filters;
  std::string caseNumber;
  std::string title;  // the report's heading and today's date when empty
};

struct FiledReportDocument {
  std::string documentGuid;
  std::string caseNumber;
  std::string title;
  std::string fileName;
  std::int64_t rows = 0;
};

Result<FiledReportDocument> fileReport(environments::Environment& environment,
                                       const api::Services& services, const api::Session& session,
                                       const FilingRequest& request);

}  // namespace dossier::reports
