#include "uploads/database_upload_store.hpp"

#include <atomic>
#include <thread>

#include <gtest/gtest.h>

#include "blobs/database_blob_store.hpp"
#include "core/clock.hpp"
#include "core/crypto.hpp"
#include "db/pool.hpp"
#include "support/shared_database.hpp"
#include "uploads/errors.hpp"
#include "uploads/upload_store_contract.hpp"

namespace dossier::uploads {
namespace {

using testing::countOf;

// The database store, for the contract every upload store keeps: an upload's age is its row's.
class DatabaseUploadStoreHarness {
 public:
  UploadStore& store() { return store_; }
  blobs::BlobStore& blobs() { return blobs_; }
  void age(const std::string& id, std::chrono::seconds by) {
    auto db = database_.pool().acquire();
    db->execute("UPDATE stored_uploads SET created_at = ?1 WHERE id = ?2", Clock::now() - by, id);
  }

 private:
  testing::SharedDatabase database_;
  blobs::DatabaseBlobStore blobs_{database_.pool()};
  DatabaseUploadStore store_{database_.pool()};
};

using namespace contract;  // the suite's names, which the macro below spells unqualified
INSTANTIATE_TYPED_TEST_SUITE_P(Database, UploadStoreContract, DatabaseUploadStoreHarness);

// Two server processes serving one environment: each its own pool and stores, one database.
class DatabaseUploadStoreTest : public ::testing::Test {
 protected:
  testing::SharedDatabase database;
  std::unique_ptr<db::Pool> otherPool = database.open();
  blobs::DatabaseBlobStore blobs{database.pool()};
  DatabaseUploadStore first{database.pool()};
  DatabaseUploadStore second{*otherPool};

  Upload begun(std::uint64_t length) {
    return *first.create(newUploadId(), length, "Noise log.txt", "CMP-1", "jsmith");
  }
};

TEST_F(DatabaseUploadStoreTest, TwoProcessesSeeOneUploadAndItsPiecesMayReachEither) {
  const auto upload = begun(10);
  ASSERT_TRUE(second.find(upload.id, "jsmith")) << "begun in one, found by the other";
  ASSERT_TRUE(first.append(upload.id, "jsmith", 0, "hello").ok());
  EXPECT_EQ(second.find(upload.id, "jsmith")->offset, 5u);
  const auto last = second.append(upload.id, "jsmith", 5, "world");
  ASSERT_TRUE(last.ok()) << last.error().message;
  EXPECT_EQ(last->blob, sha256Hex("helloworld"));
  EXPECT_EQ(first.find(upload.id, "jsmith")->blob, last->blob);
  EXPECT_EQ(*blobs.read(last->blob), "helloworld");
  EXPECT_FALSE(first.localFolder()) << "its bytes are in the database, not on this disk";
}

TEST_F(DatabaseUploadStoreTest, PiecesOfManyChunksWrittenOverTwoConnectionsComeBackByteForByte) {
  // Pieces of 3 MiB and 7 bytes (four chunks, two written by each connection) and of 1 MiB and
  // 1 byte, at offsets that are not a chunk's: every byte at its place.
  std::string content;
  for (int i = 0; content.size() < 4 * 1024 * 1024 + 8; ++i) {
    content += "entry " + std::to_string(i) + " of the noise diary\n";
  }
  content.resize(4 * 1024 * 1024 + 8);
  const auto upload = begun(content.size());
  const std::size_t firstPiece = 3 * 1024 * 1024 + 7;
  ASSERT_TRUE(first.append(upload.id, "jsmith", 0, content.substr(0, firstPiece)).ok());
  const auto last = first.append(upload.id, "jsmith", firstPiece, content.substr(firstPiece));
  ASSERT_TRUE(last.ok()) << last.error().message;
  EXPECT_EQ(last->blob, sha256Hex(content));
  const auto stored = blobs.read(last->blob);
  ASSERT_TRUE(stored.ok()) << stored.error().message;
  EXPECT_TRUE(*stored == content) << "a byte out of place among " << stored->size();
}

TEST_F(DatabaseUploadStoreTest, APieceWrittenTwiceAtOneOffsetIsTakenOnce) {
  const auto upload = begun(10);
  ASSERT_TRUE(first.append(upload.id, "jsmith", 0, "hello").ok());
  const auto again = second.append(upload.id, "jsmith", 0, "HELLO");
  ASSERT_FALSE(again.ok());
  EXPECT_TRUE(again.error().is(errors::kOffset)) << again.error().message;
  ASSERT_TRUE(second.append(upload.id, "jsmith", 5, "world").ok());
  EXPECT_EQ(*blobs.read(first.find(upload.id, "jsmith")->blob), "helloworld");
}

TEST_F(DatabaseUploadStoreTest, TwoProcessesWritingOneUploadAtOnceCannotBothSucceed) {
  const std::string piece(3 << 20, 'x');
  for (int round = 0; round < 3; ++round) {
    const auto upload = begun(2 * piece.size());
    std::atomic<int> taken = 0;
    std::atomic<int> refused = 0;
    const auto write = [&](DatabaseUploadStore& store) {
      const auto result = store.append(upload.id, "jsmith", 0, piece);
      if (result.ok()) {
        ++taken;
      } else if (result.error().is(errors::kBusy) || result.error().is(errors::kOffset)) {
        ++refused;
      }
    };
    std::thread one([&] { write(first); });
    std::thread other([&] { write(second); });
    one.join();
    other.join();
    EXPECT_EQ(taken.load(), 1);
    EXPECT_EQ(refused.load(), 1);
    EXPECT_EQ(first.find(upload.id, "jsmith")->offset, piece.size());
    const auto last = second.append(upload.id, "jsmith", piece.size(), piece);
    ASSERT_TRUE(last.ok()) << last.error().message;
    EXPECT_EQ(last->blob, sha256Hex(piece + piece));
  }
}

TEST_F(DatabaseUploadStoreTest, APieceWhileAnotherRequestHoldsTheUploadIsToldToWaitUntilItLapses) {
  const auto upload = begun(5);
  {
    // Another process's request, writing it now.
    auto db = database.pool().acquire();
    db->execute("UPDATE stored_uploads SET writer = 'elsewhere', writing_since = ?1 WHERE id = ?2",
                Clock::now(), upload.id);
  }
  const auto refused = first.append(upload.id, "jsmith", 0, "hello");
  ASSERT_FALSE(refused.ok());
  EXPECT_TRUE(refused.error().is(errors::kBusy));
  {
    // Its process died: the hold lapses.
    auto db = database.pool().acquire();
    db->execute("UPDATE stored_uploads SET writing_since = ?1 WHERE id = ?2",
                Clock::now() - DatabaseUploadStore::kHoldLapse - std::chrono::seconds(1),
                upload.id);
  }
  const auto done = first.append(upload.id, "jsmith", 0, "hello");
  ASSERT_TRUE(done.ok()) << done.error().message;
  EXPECT_EQ(*blobs.read(done->blob), "hello");
}

TEST_F(DatabaseUploadStoreTest, WhatARequestThatDiedLeftPastTheOffsetIsWrittenOver) {
  const auto upload = begun(10);
  ASSERT_TRUE(first.append(upload.id, "jsmith", 0, "hello").ok());
  {
    // Chunks past the offset, written by a request whose process died before moving it.
    auto db = database.pool().acquire();
    auto row = db->query("SELECT content_id FROM stored_uploads WHERE id = ?1", upload.id);
    ASSERT_TRUE(row.step());
    const auto content = row.integer(0);
    while (row.step()) {
    }
    db->execute("INSERT INTO stored_blob_chunks (blob_id, start, data) VALUES (?1, 5, ?2)", content,
                db::Bytes{std::string_view("WORLD")});
  }
  const auto last = second.append(upload.id, "jsmith", 5, "world");
  ASSERT_TRUE(last.ok()) << last.error().message;
  EXPECT_EQ(*blobs.read(last->blob), "helloworld");
}

TEST_F(DatabaseUploadStoreTest, AHashingThatCannotGoOnIsDoneAgainOverTheWholeContent) {
  const auto upload = begun(10);
  ASSERT_TRUE(first.append(upload.id, "jsmith", 0, "hello").ok());
  {
    auto db = database.pool().acquire();
    db->execute("UPDATE stored_uploads SET hashing = 'not a hashing' WHERE id = ?1", upload.id);
  }
  const auto done = second.append(upload.id, "jsmith", 5, "world");
  ASSERT_TRUE(done.ok());
  EXPECT_EQ(done->blob, sha256Hex("helloworld"));
}

TEST_F(DatabaseUploadStoreTest, AnUploadRemovedOrSweptTakesItsBytesWithIt) {
  const auto removed = begun(10);
  const auto abandoned = begun(10);
  ASSERT_TRUE(first.append(removed.id, "jsmith", 0, "hello").ok());
  ASSERT_TRUE(first.append(abandoned.id, "jsmith", 0, "hello").ok());
  EXPECT_TRUE(first.remove(removed.id, "jsmith"));
  EXPECT_EQ(countOf(database.pool(), "SELECT COUNT(*) FROM stored_blob_chunks"), 1);
  {
    auto db = database.pool().acquire();
    db->execute("UPDATE stored_uploads SET created_at = ?1 WHERE id = ?2",
                Clock::now() - std::chrono::hours(25), abandoned.id);
  }
  EXPECT_EQ(second.sweep(std::chrono::hours(24)), 1);
  EXPECT_EQ(countOf(database.pool(), "SELECT COUNT(*) FROM stored_blob_chunks"), 0);
  EXPECT_EQ(countOf(database.pool(), "SELECT COUNT(*) FROM stored_blobs"), 0);
}

TEST_F(DatabaseUploadStoreTest, TheBlobStoresSweepLeavesAnUnfinishedUploadsBytes) {
  const auto upload = begun(10);
  ASSERT_TRUE(first.append(upload.id, "jsmith", 0, "hello").ok());
  {
    auto db = database.pool().acquire();
    db->execute("UPDATE stored_blobs SET created_at = ?1", Clock::now() - std::chrono::hours(5));
  }
  EXPECT_EQ(blobs.sweep([](const std::string&) { return false; }, std::chrono::hours(1)), 0)
      << "an upload paused for hours may still be resumed";
  const auto last = second.append(upload.id, "jsmith", 5, "world");
  ASSERT_TRUE(last.ok()) << last.error().message;
  EXPECT_EQ(*blobs.read(last->blob), "helloworld");
}

}  // namespace
}  // namespace dossier::uploads
