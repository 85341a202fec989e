#include "documents/document_writer.hpp"

#include <gtest/gtest.h>

#include "db/connection.hpp"
#include "db/pool.hpp"
#include "documents/document_rows.hpp"
#include "support/test_environment.hpp"

namespace dossier::documents {
namespace {

class DocumentWriterTest : public ::testing::Test {
 protected:
  testing::TestEnvironment test;
  std::unique_ptr<db::Pool::Lease> lease;
  std::int64_t caseId = 0;
  records::Actor actor{4, "wworker", "Walt Worker"};

  db::Connection& db() { return **lease; }

  void SetUp() override {
    lease = std::make_unique<db::Pool::Lease>(test.db().acquire());
    caseId = db().insertReturning(
        "INSERT INTO cases (guid, case_number, type_ref, status, display_name, fields, "
        "created_by_name, created_at, modified_by_name, modified_at) VALUES ('g', 'CMP-1', "
        "'COMP', 'open', 'Noise', '{}', 'x', '2026-01-01', 'x', '2026-01-01') RETURNING id");
  }

  std::int64_t count(const std::string& sql) {
    auto row = db().query(sql);
    row.step();
    return row.integer(0);
  }

  Document letter() {
    Document document;
    document.caseId = caseId;
    document.title = "Letter";
    document.extRefFilename = "Letter.txt";
    document.major = 1;
    return document;
  }

  StoredVersion file(const std::string& blob) {
    StoredVersion version;
    version.major = 1;
    version.fileName = "Letter.txt";
    version.blob = blob;
    version.fileSize = 12;
    version.fileType = "txt";
    version.mediaType = "text/plain";
    return version;
  }
};

TEST_F(DocumentWriterTest, ANewDocumentIsWrittenWithItsFileItsAuditRowsAndItsChangeLogRow) {
  auto document = letter();
  auto version = file(std::string(64, 'a'));
  createDocument(db(), document, &version, {"created", {}}, actor, Clock::now());
  const auto stored = findDocument(db(), caseId, document.guid);
  ASSERT_TRUE(stored);
  ASSERT_TRUE(stored->current);
  EXPECT_EQ(stored->current->blob, std::string(64, 'a'));
  EXPECT_EQ(stored->extractionStatus, "pending");
  EXPECT_EQ(count("SELECT COUNT(*) FROM entity_audit WHERE entity_kind = 'document'"), 1);
  EXPECT_EQ(count("SELECT COUNT(*) FROM entity_audit WHERE entity_kind = 'case' AND action = "
                  "'document.created'"),
            1);
  EXPECT_EQ(count("SELECT COUNT(*) FROM change_log WHERE entity_kind = 'document'"), 1);
  EXPECT_TRUE(blobIsReferenced(db(), std::string(64, 'a')));
  EXPECT_FALSE(blobIsReferenced(db(), std::string(64, 'b')));
}

TEST_F(DocumentWriterTest, AStaleUpdateWritesNothing) {
  auto document = letter();
  createDocument(db(), document, nullptr, {"created", {}}, actor, Clock::now());
  auto mine = *findDocument(db(), caseId, document.guid);
  auto theirs = mine;
  theirs.title = "Their title";
  ASSERT_TRUE(updateDocument(db(), theirs, theirs.rowVersion, nullptr, {"updated", {}}, actor,
                             Clock::now()));
  mine.title = "My title";
  EXPECT_FALSE(
      updateDocument(db(), mine, mine.rowVersion, nullptr, {"updated", {}}, actor, Clock::now()));
  EXPECT_EQ(findDocument(db(), caseId, document.guid)->title, "Their title");
  EXPECT_EQ(count("SELECT COUNT(*) FROM change_log WHERE entity_kind = 'document'"), 2);
}

TEST_F(DocumentWriterTest, ANewVersionBecomesTheCurrentOneAndTheOldOnesStay) {
  auto document = letter();
  auto first = file(std::string(64, 'a'));
  createDocument(db(), document, &first, {"created", {}}, actor, Clock::now());
  auto second = file(std::string(64, 'b'));
  second.minor = 1;
  document.minor = 1;
  ASSERT_TRUE(updateDocument(db(), document, document.rowVersion, &second, {"checkedIn", {}}, actor,
                             Clock::now()));
  const auto versions = versionsOf(db(), document.id);
  ASSERT_EQ(versions.size(), 2u);
  EXPECT_EQ(versions[0].blob, std::string(64, 'b'));
  EXPECT_EQ(findDocument(db(), caseId, document.guid)->current->id, versions[0].id);
  EXPECT_EQ(findVersionById(db(), versions[1].id)->documentId, document.id);
}

TEST_F(DocumentWriterTest, TheCasesChangeLogRowNamesTheDocumentsSecurityGroupOldAndNew) {
  const auto groups = [&] {
    std::vector<std::string> out;
    auto rows = db().query(
        "SELECT COALESCE(security_group, '(none)') FROM change_log WHERE entity_kind = 'case' "
        "AND operation = 'documents' ORDER BY seq");
    while (rows.step()) {
      out.push_back(rows.text(0));
    }
    db().execute("DELETE FROM change_log");
    return out;
  };
  auto document = letter();
  document.security = "restricted";
  createDocument(db(), document, nullptr, {"created", documentChanges(Document{}, document)}, actor,
                 Clock::now());
  EXPECT_EQ(groups(), std::vector<std::string>{"restricted"}) << "a new document had no group";

  const auto before = document;
  document.security = "standard";
  ASSERT_TRUE(updateDocument(db(), document, document.rowVersion, nullptr,
                             {"updated", documentChanges(before, document)}, actor, Clock::now()));
  // Those who saw it in its old group see it leave.
  EXPECT_EQ(groups(), (std::vector<std::string>{"standard", "restricted"}));

  document.title = "Reply";
  ASSERT_TRUE(updateDocument(db(), document, document.rowVersion, nullptr, {"updated", {}}, actor,
                             Clock::now()));
  EXPECT_EQ(groups(), std::vector<std::string>{"standard"});
}

TEST_F(DocumentWriterTest, ChangesNameEachStandardFieldThatDiffers) {
  auto before = letter();
  auto after = before;
  after.title = "Reply";
  after.folder = "evidence";
  after.fields["pages"] = 2;
  const auto changes = documentChanges(before, after);
  ASSERT_EQ(changes.size(), 3u);
  EXPECT_EQ(changes[0].field, "Title");
  EXPECT_EQ(changes[1].field, "Folder");
  EXPECT_EQ(changes[2].field, "pages");
}

}  // namespace
}  // namespace dossier::documents
