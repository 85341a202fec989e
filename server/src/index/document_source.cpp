#include "index/document_source.hpp"

#include "db/connection.hpp"

namespace dossier::index {

namespace {

constexpr const char* kSelect =
    "SELECT d.id, d.guid, c.case_number, c.type_ref, d.ext_ref_type, d.title, "
    "d.ext_ref_filename, COALESCE(v.file_type, ''), d.author, d.comments, d.security, "
    "d.major || '.' || d.minor, COALESCE(d.content, ''), d.deleted "
    "FROM documents d JOIN cases c ON c.id = d.case_id "
    "LEFT JOIN document_versions v ON v.id = d.current_version_id ";

DocumentSource sourceOf(const db::Query& row) {
  DocumentSource source;
  source.id = row.integer(0);
  source.guid = row.text(1);
  source.caseNumber = row.text(2);
  source.caseTypeRef = row.text(3);
  source.extRefType = row.text(4);
  source.title = row.text(5);
  source.fileName = row.text(6);
  source.fileType = row.text(7);
  source.author = row.text(8);
  source.comments = row.text(9);
  source.security = row.text(10);
  source.version = row.text(11);
  source.content = row.text(12);
  source.deleted = row.boolean(13);
  return source;
}

}  // namespace

std::optional<DocumentSource> findDocumentSource(db::Connection& db, std::int64_t id) {
  auto row = db.query(std::string(kSelect) + "WHERE d.id = ?1", id);
  if (!row.step()) {
    return std::nullopt;
  }
  return sourceOf(row);
}

std::int64_t documentSourceCount(db::Connection& db) {
  auto row = db.query("SELECT COUNT(*) FROM documents WHERE deleted = 0");
  row.step();
  return row.integer(0);
}

void forEachDocumentSource(db::Connection& db,
                           const std::function<void(const DocumentSource&)>& visit) {
  // A page at a time, as records::forEachRecord.
  constexpr int kPage = 500;
  const auto sql =
      std::string(kSelect) + "WHERE d.deleted = 0 AND d.id > ?1 ORDER BY d.id LIMIT ?2";
  std::int64_t after = 0;
  for (int rows = kPage; rows == kPage;) {
    std::vector<DocumentSource> page;
    {
      auto row = db.query(sql, after, kPage);
      while (row.step()) {
        page.push_back(sourceOf(row));
      }
    }
    rows = static_cast<int>(page.size());
    for (const auto& source : page) {
      after = source.id;
      visit(source);
    }
  }
}

}  // namespace dossier::index
