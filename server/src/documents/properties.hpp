#pragma once

#include <string_view>
#include <vector>

#include <boost/json/object.hpp>

#include "core/result.hpp"
#include "documents/document_access.hpp"
#include "documents/document_rows.hpp"

namespace dossier::types {
class Catalog;
struct DocumentDefinition;
}  // namespace dossier::types

namespace dossier::documents {

// The document kinds the properties screen offers (spec 2 §4): a file, a link, or the place a
// paper file is kept.
inline const std::vector<std::string> kDocumentKinds = {kElectronic, kLink, kLocation};

// The properties a person submitted (spec 2 §3 documentPropertiesData), checked against the
// environment's definition and laid over the stored document (or a new one): each standard field's
// length and choices, the kind's mandatory fields (a title for a link or a location; a URL for a
// link, a place for a location), the security groups the person is in, custom fields as record
// fields are checked; read-only and hidden fields keep their stored values. A 400 whose message
// starts "ValidationFailed" (spec 2 §8) with a message per field otherwise.
Result<Document> readProperties(const types::Catalog& catalog, const boost::json::object& submitted,
                                const Document& stored, bool isNew, std::string_view username);

// The standard fields' values (spec 2 §3), as a form and Data send them.
boost::json::object standardValues(const Document& document);

// GET /DocumentProperties/Data (spec 2 §7): the properties with CanEditDocumentProperties,
// CantEditReason and dmsId, the information bar's data, the version, and the version history.
boost::json::object documentData(const DocumentAccess& access,
                                 const std::vector<StoredVersion>& versions);

// A document as a row of the case's documents grid.
boost::json::object documentRow(const DocumentAccess& access);

}  // namespace dossier::documents
