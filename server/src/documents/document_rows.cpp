#include "documents/document_rows.hpp"

#include <boost/json/parse.hpp>

#include "db/connection.hpp"

namespace dossier::documents {

namespace json = boost::json;

namespace {

constexpr const char* kDocumentColumns =
    "d.id, d.guid, d.case_id, d.ext_ref_type, d.title, d.ext_ref_filename, d.author, "
    "d.create_date, d.comments, d.folder, d.security, d.category, d.portal_category, d.fields, "
    "d.major, d.minor, d.current_version_id, d.checked_out_by, d.checked_out_by_name, "
    "d.checked_out_at, d.deleted, d.extraction_status, d.extraction_message, d.created_by_name, "
    "d.created_at, d.modified_by_name, d.modified_at, d.row_version, "
    "v.id, v.major, v.minor, v.comments, v.file_name, v.blob, v.file_size, v.file_type, "
    "v.media_type, v.created_by_name, v.created_at, d.action_id, d.report_code, d.report_data ";
constexpr const char* kFrom =
    "FROM documents d LEFT JOIN document_versions v ON v.id = d.current_version_id ";

constexpr const char* kVersionColumns =
    "id, major, minor, comments, file_name, blob, file_size, file_type, media_type, "
    "created_by_name, created_at";

StoredVersion versionAt(const db::Query& row, int at, std::int64_t documentId) {
  StoredVersion version;
  version.id = row.integer(at);
  version.documentId = documentId;
  version.major = static_cast<int>(row.integer(at + 1));
  version.minor = static_cast<int>(row.integer(at + 2));
  version.comments = row.text(at + 3);
  version.fileName = row.text(at + 4);
  version.blob = row.text(at + 5);
  version.fileSize = static_cast<std::uint64_t>(row.integer(at + 6));
  version.fileType = row.text(at + 7);
  version.mediaType = row.text(at + 8);
  version.createdByName = row.text(at + 9);
  version.createdAt = row.text(at + 10);
  return version;
}

Document documentOf(const db::Query& row) {
  Document document;
  document.id = row.integer(0);
  document.guid = row.text(1);
  document.caseId = row.integer(2);
  document.extRefType = row.text(3);
  document.title = row.text(4);
  document.extRefFilename = row.text(5);
  document.author = row.text(6);
  document.createDate = row.optionalText(7);
  document.comments = row.text(8);
  document.folder = row.text(9);
  document.security = row.text(10);
  document.category = row.text(11);
  document.portalCategory = row.text(12);
  boost::system::error_code ec;
  auto fields = json::parse(row.text(13), ec);
  if (!ec && fields.is_object()) {
    document.fields = std::move(fields).as_object();
  }
  document.major = static_cast<int>(row.integer(14));
  document.minor = static_cast<int>(row.integer(15));
  document.currentVersionId = row.optionalInteger(16);
  document.checkedOutBy = row.optionalInteger(17);
  document.checkedOutByName = row.text(18);
  document.checkedOutAt = row.text(19);
  document.deleted = row.boolean(20);
  document.extractionStatus = row.text(21);
  document.extractionMessage = row.text(22);
  document.createdByName = row.text(23);
  document.createdAt = row.text(24);
  document.modifiedByName = row.text(25);
  document.modifiedAt = row.text(26);
  document.rowVersion = row.integer(27);
  if (!row.isNull(28)) {
    document.current = versionAt(row, 28, document.id);
  }
  document.actionId = row.optionalInteger(39);
  if (!row.isNull(40)) {
    document.report = FiledReport{row.text(40), row.text(41)};
  }
  return document;
}

}  // namespace

std::optional<Document> findDocument(db::Connection& db, std::int64_t caseId,
                                     std::string_view guid) {
  auto row = db.query(std::string("SELECT ") + kDocumentColumns + kFrom +
                          "WHERE d.guid = ?1 AND d.case_id = ?2 AND d.deleted = 0",
                      guid, caseId);
  if (!row.step()) {
    return std::nullopt;
  }
  return documentOf(row);
}

std::optional<Document> findDocumentByGuid(db::Connection& db, std::string_view guid) {
  auto row = db.query(
      std::string("SELECT ") + kDocumentColumns + kFrom + "WHERE d.guid = ?1 AND d.deleted = 0",
      guid);
  if (!row.step()) {
    return std::nullopt;
  }
  return documentOf(row);
}

std::optional<Document> findDocumentById(db::Connection& db, std::int64_t id) {
  auto row = db.query(std::string("SELECT ") + kDocumentColumns + kFrom + "WHERE d.id = ?1", id);
  if (!row.step()) {
    return std::nullopt;
  }
  return documentOf(row);
}

std::vector<Document> documentsOfCase(db::Connection& db, std::int64_t caseId) {
  std::vector<Document> out;
  auto row = db.query(std::string("SELECT ") + kDocumentColumns + kFrom +
                          "WHERE d.case_id = ?1 AND d.deleted = 0 ORDER BY lower(d.title), "
                          "d.id",
                      caseId);
  while (row.step()) {
    out.push_back(documentOf(row));
  }
  return out;
}

std::vector<StoredVersion> versionsOf(db::Connection& db, std::int64_t documentId) {
  std::vector<StoredVersion> out;
  auto row = db.query(std::string("SELECT ") + kVersionColumns +
                          " FROM document_versions WHERE document_id = ?1 ORDER BY id DESC",
                      documentId);
  while (row.step()) {
    out.push_back(versionAt(row, 0, documentId));
  }
  return out;
}

std::optional<StoredVersion> findVersion(db::Connection& db, std::int64_t documentId,
                                         std::int64_t versionId) {
  auto row = db.query(std::string("SELECT ") + kVersionColumns +
                          " FROM document_versions WHERE document_id = ?1 AND id = ?2",
                      documentId, versionId);
  if (!row.step()) {
    return std::nullopt;
  }
  return versionAt(row, 0, documentId);
}

std::optional<StoredVersion> findVersionById(db::Connection& db, std::int64_t versionId) {
  auto row = db.query(std::string("SELECT ") + kVersionColumns +
                          ", document_id FROM document_versions WHERE id = ?1",
                      versionId);
  if (!row.step()) {
    return std::nullopt;
  }
  return versionAt(row, 0, row.integer(11));
}

bool blobIsReferenced(db::Connection& db, std::string_view sha256) {
  auto row = db.query("SELECT 1 FROM document_versions WHERE blob = ?1 LIMIT 1", sha256);
  return row.step();
}

}  // namespace dossier::documents
