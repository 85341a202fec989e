#include "api/generated_documents.hpp"

#include <mutex>

namespace dossier::api {

namespace {

std::mutex mutex;
DocumentFiler filer;

}  // namespace

void setDocumentFiler(DocumentFiler given) {
  std::lock_guard lock(mutex);
  filer = std::move(given);
}

Result<std::string> fileGeneratedDocument(environments::Environment& environment,
                                          const Session& session,
                                          const GeneratedDocument& document) {
  DocumentFiler current;
  {
    std::lock_guard lock(mutex);
    current = filer;
  }
  if (!current) {
    return Error::internal("documents.no_filer", "no way to file generated documents was set");
  }
  return current(environment, session, document);
}

}  // namespace dossier::api
