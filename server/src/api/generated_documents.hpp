#pragma once

#include <functional>
#include <optional>
#include <string>

#include "api/session.hpp"
#include "core/result.hpp"

namespace dossier::environments {
class Environment;
}

namespace dossier::api {

// A file made by the server (a task's generated letter, a report filed in a case) to be filed as a
// new document of a case.
struct GeneratedDocument {
  std::string caseNumber;
  std::string fileName;  // with its extension, which must be an allowed type
  std::string title;
  std::string content;
};

// What a generated document that is a report also remembers: the report's code and the filter
// values it was run with (JSON).
struct GeneratedReport {
  std::string code;
  std::string data;
};

// Files it through the documents feature's one write path (the same checks, audit rows and text
// extraction as an upload); the new document's guid. The composition root gives it to the features
// that make files through api::Services, so that they need not know the documents feature.
using DocumentFiler = std::function<Result<std::string>(environments::Environment&, const Session&,
                                                        const GeneratedDocument&,
                                                        const std::optional<GeneratedReport>&)>;

}  // namespace dossier::api
