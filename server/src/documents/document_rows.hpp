#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/json/object.hpp>

namespace dossier::db {
class Connection;
}

namespace dossier::documents {

// One stored file of an electronic document: the content is the blob named by its SHA-256.
struct StoredVersion {
  std::int64_t id = 0;
  std::int64_t documentId = 0;
  int major = 0;
  int minor = 0;
  std::string comments;
  std::string fileName;
  std::string blob;
  std::uint64_t fileSize = 0;
  std::string fileType;  // the extension the content was recognised as
  std::string mediaType;
  std::string createdByName;
  std::string createdAt;
};

inline constexpr const char* kElectronic = "Electronic";
inline constexpr const char* kLink = "Link";
inline constexpr const char* kLocation = "Location";

// A document of a case (spec 2 §3 "Document properties"), as stored.
// A report filed in a case: which report, and the filter values it was run with (JSON, as the
// report's export request gave them).
struct FiledReport {
  std::string code;
  std::string data;
};

struct Document {
  std::int64_t id = 0;
  std::string guid;
  std::int64_t caseId = 0;
  std::string extRefType = kElectronic;  // Electronic, Link, Location
  std::string title;
  std::string extRefFilename;  // the file name, the URL or the place
  std::string author;
  std::optional<std::string> createDate;
  std::string comments;
  std::string folder;
  std::string security;
  std::string category;
  std::string portalCategory;
  boost::json::object fields;  // custom fields
  int major = 0;
  int minor = 0;
  std::optional<std::int64_t> currentVersionId;
  std::optional<std::int64_t> checkedOutBy;
  std::string checkedOutByName;
  std::string checkedOutAt;
  bool deleted = false;
  std::string extractionStatus = "none";
  std::string extractionMessage;
  std::string createdByName;
  std::string createdAt;
  std::string modifiedByName;
  std::string modifiedAt;
  std::int64_t rowVersion = 0;
  std::optional<std::int64_t> actionId;  // the case action it is filed with, if any
  std::optional<FiledReport> report;     // when it is a report filed in the case
  std::optional<StoredVersion> current;  // the current version's file, for electronic documents

  bool electronic() const { return extRefType == kElectronic; }
  bool checkedOut() const { return checkedOutBy.has_value(); }
};

// A document of the case by its guid; nothing for another case's, a deleted one or an unknown one.
std::optional<Document> findDocument(db::Connection& db, std::int64_t caseId,
                                     std::string_view guid);
// By guid alone, in whichever case it is (not deleted).
std::optional<Document> findDocumentByGuid(db::Connection& db, std::string_view guid);
// By database id, deleted ones included (the change log names documents so).
std::optional<Document> findDocumentById(db::Connection& db, std::int64_t id);
// The documents of a case that are not deleted, by title.
std::vector<Document> documentsOfCase(db::Connection& db, std::int64_t caseId);
// The versions of a document, newest first.
std::vector<StoredVersion> versionsOf(db::Connection& db, std::int64_t documentId);
std::optional<StoredVersion> findVersion(db::Connection& db, std::int64_t documentId,
                                         std::int64_t versionId);
// A version by its own id, as a download token names it.
std::optional<StoredVersion> findVersionById(db::Connection& db, std::int64_t versionId);
// The blobs some version refers to, for the blob store's sweep.
bool blobIsReferenced(db::Connection& db, std::string_view sha256);

}  // namespace dossier::documents
