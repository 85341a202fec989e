#include "api/services.hpp"

#include "api/errors.hpp"
#include "records/errors.hpp"

namespace dossier::api {

Services::Services(RecordCreator createRecord, DocumentFiler fileDocument)
    : createRecord_(std::move(createRecord)), fileDocument_(std::move(fileDocument)) {}

Result<std::string> Services::createRecord(environments::Environment& environment,
                                           const Session& session, const NewRecord& record) const {
  if (!createRecord_) {
    return Error::of(records::errors::kNoCreator, "no way to create records was given");
  }
  return createRecord_(environment, session, record);
}

Result<std::string> Services::fileDocument(environments::Environment& environment,
                                           const Session& session,
                                           const GeneratedDocument& document,
                                           const std::optional<GeneratedReport>& report) const {
  if (!fileDocument_) {
    return Error::of(errors::kNoFiler, "no way to file generated documents was given");
  }
  return fileDocument_(environment, session, document, report);
}

}  // namespace dossier::api
