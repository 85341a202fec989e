#include "documents/document_writer.hpp"

#include <boost/json/array.hpp>
#include <boost/json/serialize.hpp>

#include "core/crypto.hpp"
#include "db/connection.hpp"
#include "documents/versions.hpp"
#include "records/audit.hpp"
#include "records/change_log.hpp"

namespace dossier::documents {

namespace json = boost::json;

namespace {

json::value optionalText(const std::optional<std::string>& text) {
  return text ? json::value(*text) : json::value(nullptr);
}

std::int64_t insertVersion(db::Connection& db, const Document& document, StoredVersion& version,
                           const records::Actor& actor, TimePoint now) {
  version.documentId = document.id;
  version.createdByName = actor.displayName;
  version.createdAt = formatIsoTime(now);
  version.id = db.insertReturning(
      "INSERT INTO document_versions (document_id, major, minor, comments, file_name, blob, "
      "file_size, file_type, media_type, created_by, created_by_name, created_at) "
      "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12) RETURNING id",
      document.id, version.major, version.minor, version.comments, version.fileName, version.blob,
      static_cast<std::int64_t>(version.fileSize), version.fileType, version.mediaType,
      actor.userId, actor.displayName, now);
  return version.id;
}

// The document's audit row, the case's (its history shows what happened to its documents, with
// the document's security group so that it can hide what a person may not see), and the change
// log's.
void recordChange(db::Connection& db, const Document& document, const DocumentChange& change,
                  const records::Actor& actor, TimePoint now, bool existed) {
  const json::object activity{{"document", document.guid},
                              {"title", document.title},
                              {"security", document.security},
                              {"version", versionLabel({document.major, document.minor})}};
  records::appendAudit(db, "document", document.id, change.action, change.fields, activity, actor,
                       now);
  records::appendAudit(db, "case", document.caseId, "document." + change.action, change.fields,
                       activity, actor, now, "document.");
  records::appendChange(db, "document", document.id, change.action, now);
  records::markPartChanged(db, types::EntityKind::Case, document.caseId,
                           records::RecordPart::Documents, now, document.security);
  // A document moved to another security group leaves the grids of those who saw it in the old
  // one: they are told too. (A new document had no group before.)
  for (const auto& each : existed ? change.fields : std::vector<records::FieldChange>{}) {
    if (each.field != "Security" || !each.oldValue.is_string()) {
      continue;
    }
    const auto& old = each.oldValue.get_string();
    if (const std::string_view group(old.data(), old.size()); group != document.security) {
      records::markPartChanged(db, types::EntityKind::Case, document.caseId,
                               records::RecordPart::Documents, now, group);
    }
  }
}

void add(std::vector<records::FieldChange>& out, std::string field, std::string label,
         json::value before, json::value after) {
  if (before != after) {
    out.push_back({std::move(field), std::move(label), std::move(before), std::move(after)});
  }
}

}  // namespace

void createDocument(db::Connection& db, Document& document, StoredVersion* firstVersion,
                    const DocumentChange& change, const records::Actor& actor, TimePoint now) {
  document.guid = randomGuid();
  document.rowVersion = 1;
  document.createdByName = document.modifiedByName = actor.displayName;
  document.createdAt = document.modifiedAt = formatIsoTime(now);
  document.extractionStatus = firstVersion != nullptr ? "pending" : "none";
  document.id = db.insertReturning(
      "INSERT INTO documents (guid, case_id, ext_ref_type, title, ext_ref_filename, author, "
      "create_date, comments, folder, security, category, portal_category, fields, major, minor, "
      "extraction_status, created_by, created_by_name, created_at, modified_by, modified_by_name, "
      "modified_at, row_version, action_id, report_code, report_data) VALUES (?1, ?2, ?3, ?4, ?5, "
      "?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?17, ?18, ?19, 1, ?20, "
      "?21, ?22) RETURNING id",
      document.guid, document.caseId, document.extRefType, document.title, document.extRefFilename,
      document.author, document.createDate, document.comments, document.folder, document.security,
      document.category, document.portalCategory, json::serialize(document.fields), document.major,
      document.minor, document.extractionStatus, actor.userId, actor.displayName, now,
      document.actionId,
      document.report ? std::optional<std::string>(document.report->code) : std::nullopt,
      document.report ? std::optional<std::string>(document.report->data) : std::nullopt);
  if (firstVersion != nullptr) {
    document.currentVersionId = insertVersion(db, document, *firstVersion, actor, now);
    document.current = *firstVersion;
    db.execute("UPDATE documents SET current_version_id = ?1 WHERE id = ?2",
               *document.currentVersionId, document.id);
  }
  recordChange(db, document, change, actor, now, false);
}

bool updateDocument(db::Connection& db, Document& document, std::int64_t expectedVersion,
                    StoredVersion* newVersion, const DocumentChange& change,
                    const records::Actor& actor, TimePoint now) {
  if (newVersion != nullptr) {
    document.currentVersionId = insertVersion(db, document, *newVersion, actor, now);
    document.current = *newVersion;
    document.extractionStatus = "pending";
    document.extractionMessage.clear();
  }
  const int changed = db.execute(
      "UPDATE documents SET ext_ref_type = ?1, title = ?2, ext_ref_filename = ?3, author = ?4, "
      "create_date = ?5, comments = ?6, folder = ?7, security = ?8, category = ?9, "
      "portal_category = ?10, fields = ?11, major = ?12, minor = ?13, current_version_id = ?14, "
      "checked_out_by = ?15, checked_out_by_name = ?16, checked_out_at = ?17, deleted = ?18, "
      "extraction_status = ?19, extraction_message = ?20, modified_by = ?21, "
      "modified_by_name = ?22, modified_at = ?23, row_version = row_version + 1 "
      "WHERE id = ?24 AND row_version = ?25",
      document.extRefType, document.title, document.extRefFilename, document.author,
      document.createDate, document.comments, document.folder, document.security, document.category,
      document.portalCategory, json::serialize(document.fields), document.major, document.minor,
      document.currentVersionId, document.checkedOutBy,
      document.checkedOut() ? std::optional(document.checkedOutByName) : std::nullopt,
      document.checkedOut() ? std::optional(document.checkedOutAt) : std::nullopt, document.deleted,
      document.extractionStatus,
      document.extractionMessage.empty() ? std::nullopt : std::optional(document.extractionMessage),
      actor.userId, actor.displayName, now, document.id, expectedVersion);
  if (changed == 0) {
    return false;
  }
  document.rowVersion = expectedVersion + 1;
  document.modifiedByName = actor.displayName;
  document.modifiedAt = formatIsoTime(now);
  recordChange(db, document, change, actor, now, true);
  return true;
}

std::vector<records::FieldChange> documentChanges(const Document& before, const Document& after) {
  std::vector<records::FieldChange> out;
  add(out, "ExtRefType", "Type", json::value(before.extRefType), json::value(after.extRefType));
  add(out, "Title", "Title", json::value(before.title), json::value(after.title));
  add(out, "ExtRefFilename", "File Name", json::value(before.extRefFilename),
      json::value(after.extRefFilename));
  add(out, "Author", "Author", json::value(before.author), json::value(after.author));
  add(out, "CreateDate", "Create Date", optionalText(before.createDate),
      optionalText(after.createDate));
  add(out, "Comments", "Comments", json::value(before.comments), json::value(after.comments));
  add(out, "Folder", "Folder", json::value(before.folder), json::value(after.folder));
  add(out, "Security", "Security", json::value(before.security), json::value(after.security));
  add(out, "Category", "Category", json::value(before.category), json::value(after.category));
  add(out, "PortalCategory", "Portal Category", json::value(before.portalCategory),
      json::value(after.portalCategory));
  for (const auto& [key, value] : after.fields) {
    const auto* was = before.fields.if_contains(key);
    add(out, std::string(key), std::string(key), was != nullptr ? *was : json::value(nullptr),
        value);
  }
  add(out, "Version", "Version", json::value(versionLabel({before.major, before.minor})),
      json::value(versionLabel({after.major, after.minor})));
  return out;
}

}  // namespace dossier::documents
