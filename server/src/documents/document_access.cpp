#include "documents/document_access.hpp"

#include "documents/errors.hpp"
#include "types/document_definition.hpp"
#include "types/entity_type.hpp"

namespace dossier::documents {

Result<records::RecordAccess> visibleCase(db::Connection& db, const types::Catalog& catalog,
                                          std::string_view caseNumber, std::string_view username) {
  auto found = records::recordAccess(db, catalog, types::EntityKind::Case, caseNumber, username);
  if (!found || !found->visible()) {
    return records::recordNotFound(types::EntityKind::Case, caseNumber);
  }
  return std::move(*found);
}

DocumentAccess accessTo(const types::Catalog& catalog, records::RecordAccess parent,
                        Document document, std::int64_t userId, std::string_view username) {
  DocumentAccess out;
  out.canView = parent.visible() && types::maySeeDocumentsOf(catalog, document.security, username);
  out.checkedOutByMe = document.checkedOutBy && *document.checkedOutBy == userId;
  if (!out.canView) {
    out.cantEditReason = "You do not have permission to view this Document.";
  } else if (!parent.access.canModify) {
    out.cantEditReason = !parent.access.readOnlyReason.empty()
                             ? parent.access.readOnlyReason
                             : "You do not have permission to change documents of this case.";
  } else if (document.checkedOut() && !out.checkedOutByMe) {
    out.cantEditReason = "This document is checked out by " + document.checkedOutByName +
                         ". It can be changed when they check it in.";
  } else {
    out.canModify = true;
  }
  out.parent = std::move(parent);
  out.document = std::move(document);
  return out;
}

Result<DocumentAccess> documentAccess(db::Connection& db, const types::Catalog& catalog,
                                      std::string_view caseNumber, std::string_view guid,
                                      std::int64_t userId, std::string_view username) {
  auto parent = visibleCase(db, catalog, caseNumber, username);
  if (!parent) {
    return std::move(parent).error();
  }
  auto document = findDocument(db, parent->record.id, guid);
  if (!document) {
    return documentNotFound(caseNumber, guid);
  }
  auto access = accessTo(catalog, std::move(*parent), std::move(*document), userId, username);
  if (!access.canView) {
    return documentNotFound(caseNumber, guid);
  }
  return access;
}

Error documentNotFound(std::string_view caseNumber, std::string_view guid) {
  return Error::of(errors::kNotFound, "There is no document " + std::string(guid) + " in case " +
                                          std::string(caseNumber) + ".");
}

}  // namespace dossier::documents
