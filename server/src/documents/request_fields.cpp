#include "documents/request_fields.hpp"

#include "api/context.hpp"
#include "core/errors.hpp"
#include "core/json_body.hpp"
#include "documents/errors.hpp"

namespace dossier::documents {

Result<std::string> requiredText(const boost::json::object& body, std::string_view key) {
  auto value = stringField(body, key);
  if (!value) {
    return std::move(value).error();
  }
  if (value->empty()) {
    const std::string name(key);
    return std::move(Error::of(core::errors::kMissingField, "The field '" + name + "' is missing."))
        .withField(name, "Required");
  }
  return value;
}

Result<DocumentTarget> documentTarget(api::Context& context) {
  auto body = context.jsonBody();
  if (!body) {
    return std::move(body).error();
  }
  auto caseNumber = requiredText(*body, "caseNumber");
  if (!caseNumber) {
    return std::move(caseNumber).error();
  }
  auto documentId = requiredText(*body, "documentId");
  if (!documentId) {
    return std::move(documentId).error();
  }
  return DocumentTarget{std::move(*caseNumber), std::move(*documentId), std::move(*body)};
}

Error documentsNotKept() {
  return Error::of(errors::kNotKept, "This environment keeps no documents.");
}

}  // namespace dossier::documents
