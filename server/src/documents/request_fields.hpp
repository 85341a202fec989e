#pragma once

#include <string>
#include <string_view>

#include <boost/json/object.hpp>

#include "core/result.hpp"

namespace dossier::api {
class Context;
}

namespace dossier::documents {

// What most document calls send: the case and the document (its guid) in a JSON body.
struct DocumentTarget {
  std::string caseNumber;
  std::string documentId;
  boost::json::object body;
};

// The body of a document call with its caseNumber and documentId, each required and not empty
// (400 naming the one missing).
Result<DocumentTarget> documentTarget(api::Context& context);

// A text field that must be there and not empty.
Result<std::string> requiredText(const boost::json::object& body, std::string_view key);

// 404 documents.not_kept, for an environment without documents.yaml.
Error documentsNotKept();

}  // namespace dossier::documents
