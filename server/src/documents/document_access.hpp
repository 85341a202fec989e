#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/result.hpp"
#include "documents/document_rows.hpp"
#include "records/access.hpp"

namespace dossier::db {
class Connection;
}
namespace dossier::types {
class Catalog;
}

namespace dossier::documents {

// A document as one person may use it (spec 2 §6): seen by those who may see its case and are in
// its security group; changed by those who may also change the case, unless someone else has it
// checked out — then CantEditReason says who.
struct DocumentAccess {
  records::RecordAccess parent;
  Document document;
  bool canView = false;
  bool canModify = false;
  std::string cantEditReason;  // empty when canModify
  bool checkedOutByMe = false;
};

// The case a document route names, for a person who may see it; 404 otherwise (a hidden case is
// answered like a missing one).
Result<records::RecordAccess> visibleCase(db::Connection& db, const types::Catalog& catalog,
                                          std::string_view caseNumber, std::string_view username);

// The one check of a document route: the case, then the document of that case by guid, as the
// person may use it. A document they may not see is answered like a missing one.
Result<DocumentAccess> documentAccess(db::Connection& db, const types::Catalog& catalog,
                                      std::string_view caseNumber, std::string_view guid,
                                      std::int64_t userId, std::string_view username);

// What a person may do with a document of a case they may see (the check without the reads).
DocumentAccess accessTo(const types::Catalog& catalog, records::RecordAccess parent,
                        Document document, std::int64_t userId, std::string_view username);

Error documentNotFound(std::string_view caseNumber, std::string_view guid);

}  // namespace dossier::documents
