#include <chrono>
#include <cstdlib>
#include <filesystem>

#include <gtest/gtest.h>

#include "blobs/blob_store.hpp"
#include "db/connection.hpp"
#include "db/pool.hpp"
#include "documents/document_rows.hpp"
#include "documents/document_writer.hpp"
#include "documents/extraction.hpp"
#include "support/eventually.hpp"
#include "support/temp_folder.hpp"
#include "support/test_environment.hpp"

namespace dossier::documents {
namespace {

class ExtractionQueueTest : public ::testing::Test {
 protected:
  testing::TestEnvironment test;
  std::int64_t caseId = 0;
  records::Actor actor{1, "wworker", "Walt Worker"};

  void SetUp() override {
    ::setenv("DOSSIER_INSPECT", DOSSIER_INSPECT_PROGRAM, 1);
    auto db = test.db().acquire();
    caseId = db->insertReturning(
        "INSERT INTO cases (guid, case_number, type_ref, status, display_name, fields, "
        "created_by_name, created_at, modified_by_name, modified_at) VALUES ('g', 'CMP-1', "
        "'COMP', 'open', 'Noise', '{}', 'x', '2026-01-01', 'x', '2026-01-01') RETURNING id");
  }

  // A document whose current version holds this content, as a save leaves it: pending.
  std::int64_t documentWith(const std::string& content, const std::string& type) {
    const auto blob = test.environment().blobs().put(content);
    Document document;
    document.caseId = caseId;
    document.title = "Letter";
    document.extRefFilename = "Letter." + type;
    StoredVersion version;
    version.major = 1;
    version.fileName = document.extRefFilename;
    version.blob = blob->sha256;
    version.fileSize = content.size();
    version.fileType = type;
    version.mediaType = "text/plain";
    auto db = test.db().acquire();
    createDocument(*db, document, &version, {"created", {}}, actor, Clock::now());
    return document.id;
  }

  Document stored(std::int64_t id) {
    auto db = test.db().acquire();
    return *findDocumentById(*db, id);
  }
};

TEST_F(ExtractionQueueTest, ReadsWhatIsPendingAndTellsTheIndex) {
  const auto id = documentWith("The walrus sang at midnight.", "txt");
  EXPECT_EQ(stored(id).extractionStatus, "pending");
  ExtractionQueue queue(test.environment());
  EXPECT_EQ(queue.pendingCount(), 1);
  EXPECT_EQ(queue.runPending(), 1);
  EXPECT_EQ(stored(id).extractionStatus, "done");
  EXPECT_EQ(queue.pendingCount(), 0);
  auto db = test.db().acquire();
  auto content = db->query("SELECT content FROM documents WHERE id = ?1", id);
  content.step();
  EXPECT_EQ(content.text(0), "The walrus sang at midnight.\n");
  auto logged = db->query(
      "SELECT COUNT(*) FROM change_log WHERE entity_kind = 'document' AND operation = "
      "'extracted' AND entity_id = ?1",
      id);
  logged.step();
  EXPECT_EQ(logged.integer(0), 1);
}

TEST_F(ExtractionQueueTest, AFileThatCannotBeReadIsRecordedAsFailedWithWhy) {
  const auto id = documentWith("not a zip archive at all", "docx");
  ExtractionQueue queue(test.environment());
  queue.runPending();
  const auto document = stored(id);
  EXPECT_EQ(document.extractionStatus, "failed");
  EXPECT_EQ(document.extractionMessage,
            "the file is not a zip archive that can be read: Not a zip archive");
}

TEST_F(ExtractionQueueTest, WorkLeftPendingByAStopIsDoneByTheNextQueue) {
  const auto first = documentWith("first", "txt");
  const auto second = documentWith("second", "txt");
  {
    ExtractionQueue queue(test.environment());
    EXPECT_EQ(queue.runPending(1), 1);
  }
  EXPECT_EQ(stored(first).extractionStatus, "done");
  EXPECT_EQ(stored(second).extractionStatus, "pending");
  ExtractionQueue restarted(test.environment());
  EXPECT_EQ(restarted.runPending(), 1);
  EXPECT_EQ(stored(second).extractionStatus, "done");
}

TEST_F(ExtractionQueueTest, AStopEndsAReadInProgressAndLeavesItsDocumentPending) {
  // A reader that never finishes, as OCR at the lowest priority on a saturated machine may seem.
  testing::TempFolder folder;
  const auto started = folder.path() / "started";
  const auto reader =
      folder.write("slow-reader", "#!/bin/sh\ntouch '" + started.string() + "'\nexec sleep 60\n");
  std::filesystem::permissions(reader, std::filesystem::perms::owner_all);
  ::setenv("DOSSIER_INSPECT", reader.c_str(), 1);
  const auto id = documentWith("A scan that takes long to read.", "txt");
  ExtractionQueue queue(test.environment());
  queue.start();
  ASSERT_TRUE(testing::eventually([&] { return std::filesystem::exists(started); }));
  const auto stopping = std::chrono::steady_clock::now();
  queue.stop();
  EXPECT_LT(std::chrono::steady_clock::now() - stopping, std::chrono::seconds(5));
  EXPECT_EQ(stored(id).extractionStatus, "pending");
  EXPECT_EQ(queue.pendingCount(), 1);
}

TEST_F(ExtractionQueueTest, ContentReadBeforeIsNotReadAgain) {
  const auto first = documentWith("A standard letter about bins.", "txt");
  ExtractionQueue queue(test.environment());
  queue.runPending();
  // The reader cannot run now: the second copy's text can only come from the first.
  ::setenv("DOSSIER_INSPECT", "/nonexistent/dossier-inspect", 1);
  const auto second = documentWith("A standard letter about bins.", "txt");
  queue.runPending();
  EXPECT_EQ(stored(second).extractionStatus, "done");
  auto db = test.db().acquire();
  auto row = db->query("SELECT content FROM documents WHERE id = ?1", second);
  row.step();
  EXPECT_EQ(row.text(0), "A standard letter about bins.\n");
  EXPECT_NE(first, second);
}

}  // namespace
}  // namespace dossier::documents
