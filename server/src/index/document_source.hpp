#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace dossier::db {
class Connection;
}

namespace dossier::index {

// A case's document as the index takes it in: its properties, its case, and the text read from
// its file (documents/extraction). Read here, beside the index, from the documents tables.
struct DocumentSource {
  std::int64_t id = 0;
  std::string guid;
  std::string caseNumber;
  std::string caseTypeRef;
  std::string extRefType;
  std::string title;
  std::string fileName;
  std::string fileType;
  std::string author;
  std::string comments;
  std::string security;
  std::string version;
  std::string content;
  bool deleted = false;
};

std::optional<DocumentSource> findDocumentSource(db::Connection& db, std::int64_t id);
std::int64_t documentSourceCount(db::Connection& db);
void forEachDocumentSource(db::Connection& db,
                           const std::function<void(const DocumentSource&)>& visit);

}  // namespace dossier::index
