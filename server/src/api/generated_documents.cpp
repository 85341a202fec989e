#include "api/generated_documents.hpp"

#include "api/errors.hpp"
#include "core/late_bound.hpp"

namespace dossier::api {

namespace {

LateBound<Result<std::string>(environments::Environment&, const Session&, const GeneratedDocument&)>
    filer;

}  // namespace

void setDocumentFiler(DocumentFiler given) {
  filer.set(std::move(given));
}

Result<std::string> fileGeneratedDocument(environments::Environment& environment,
                                          const Session& session,
                                          const GeneratedDocument& document) {
  const auto current = filer.get();
  if (!current) {
    return Error::of(errors::kNoFiler, "no way to file generated documents was set");
  }
  return current(environment, session, document);
}

}  // namespace dossier::api
