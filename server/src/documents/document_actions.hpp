#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/json/object.hpp>

#include "api/generated_documents.hpp"
#include "api/session.hpp"
#include "core/result.hpp"
#include "documents/document_access.hpp"

namespace dossier::environments {
class Environment;
}

namespace dossier::documents {

// What people do with documents (spec 2 §4, §5): each one transaction through the write path,
// after the one access check. A change by someone who may not change the document is a 403 that
// says why (CantEditReason); a stale one a 409 naming who changed it.

// What new documents are filed with, beyond their properties: one of the case's actions (they are
// added from it), or the report they are (a report filed in the case).
struct FiledWith {
  std::string_view actionGuid;
  std::optional<FiledReport> report;
};

// New documents of a case: one per finished upload for electronic documents (each taking the
// properties given, the title defaulting to the file name), or one link or location. Returns the
// new documents' guids.
Result<std::vector<std::string>> addDocuments(environments::Environment& environment,
                                              const api::Session& session,
                                              std::string_view caseNumber,
                                              const boost::json::object& properties,
                                              const std::vector<std::string>& uploadIds,
                                              const FiledWith& with = {});

Result<DocumentAccess> saveProperties(environments::Environment& environment,
                                      const api::Session& session, std::string_view caseNumber,
                                      std::string_view guid, const boost::json::object& properties,
                                      std::optional<std::int64_t> rowVersion);

Result<DocumentAccess> checkOut(environments::Environment& environment, const api::Session& session,
                                std::string_view caseNumber, std::string_view guid);
Result<DocumentAccess> undoCheckOut(environments::Environment& environment,
                                    const api::Session& session, std::string_view caseNumber,
                                    std::string_view guid);

struct CheckIn {
  std::optional<std::string> uploadId;  // the new file; none only when HideFileUpload
  bool incrementMajorVersion = false;
  std::string versionComments;
  boost::json::object properties;  // changed properties, checked like a save
  std::optional<std::int64_t> rowVersion;
};
Result<DocumentAccess> checkIn(environments::Environment& environment, const api::Session& session,
                               std::string_view caseNumber, std::string_view guid,
                               const CheckIn& request);

// A new version with the content of an earlier one and its comment ("Reverted to version 1.2").
Result<DocumentAccess> revertToVersion(environments::Environment& environment,
                                       const api::Session& session, std::string_view caseNumber,
                                       std::string_view guid, std::int64_t versionId,
                                       std::string comments);

Result<DocumentAccess> renameFile(environments::Environment& environment,
                                  const api::Session& session, std::string_view caseNumber,
                                  std::string_view guid, std::string_view fileName);

// A file the server made (a task's generated letter, a report filed in the case) as a new
// electronic document of the case, as if the person had uploaded it: the same rights, allowed
// types, audit rows and text extraction. The new document's guid.
Result<std::string> fileGenerated(environments::Environment& environment,
                                  const api::Session& session,
                                  const api::GeneratedDocument& generated,
                                  const std::optional<api::GeneratedReport>& report);

Status deleteDocument(environments::Environment& environment, const api::Session& session,
                      std::string_view caseNumber, std::string_view guid);

}  // namespace dossier::documents
