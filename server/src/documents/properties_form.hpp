#pragma once

#include <string_view>

#include <boost/json/object.hpp>

namespace dossier::types {
class Catalog;
}

namespace dossier::documents {

struct DocumentAccess;

// The document properties form (spec 2 §7 /form/documentproperties…), shaped like a record's form
// load result: the layout components of documents.yaml's standard fields under their bindings
// (label, tooltip, read-only, hidden) and its custom fields, the values, CantEditReason as a
// header alert, and what the screen needs besides (CanEditDocumentProperties, dmsId, rowVersion).
// access is null for a new document, which starts as Electronic.
boost::json::object documentForm(const types::Catalog& catalog, std::string_view username,
                                 const DocumentAccess* access, bool mayAdd);

}  // namespace dossier::documents
