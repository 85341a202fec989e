#pragma once

#include <string>

#include "api/created_records.hpp"
#include "api/generated_documents.hpp"
#include "api/session.hpp"
#include "core/result.hpp"

namespace dossier::environments {
class Environment;
}

namespace dossier::api {

// What one feature does for others that must not know it: saving a record as its form would
// (forms) and filing a generated file as a document (documents). The composition root builds one
// per application from the features that do the work (app/all_routes.hpp) and hands it to what
// needs it, so that the dependency shows where it is used and two applications in one process
// keep their own. Immutable once built, so shared by every request without a lock.
class Services {
 public:
  Services(RecordCreator createRecord, DocumentFiler fileDocument);

  // An internal error when this application was given no way to do it.
  Result<std::string> createRecord(environments::Environment& environment, const Session& session,
                                   const NewRecord& record) const;
  Result<std::string> fileDocument(
      environments::Environment& environment, const Session& session,
      const GeneratedDocument& document,
      const std::optional<GeneratedReport>& report = std::nullopt) const;

 private:
  RecordCreator createRecord_;
  DocumentFiler fileDocument_;
};

}  // namespace dossier::api
