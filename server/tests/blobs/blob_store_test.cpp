#include "blobs/blob_store.hpp"

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "core/crypto.hpp"

namespace dossier::blobs {
namespace {

namespace fs = std::filesystem;

class BlobStoreTest : public ::testing::Test {
 protected:
  fs::path folder = fs::temp_directory_path() / ("dossier-blobs-" + randomHex(6));
  BlobStore store{folder};

  void TearDown() override { fs::remove_all(folder); }

  int filesIn(const fs::path& where) {
    int count = 0;
    for (const auto& entry : fs::recursive_directory_iterator(where)) {
      count += entry.is_regular_file() ? 1 : 0;
    }
    return count;
  }

  void age(const fs::path& path) {
    fs::last_write_time(path, fs::file_time_type::clock::now() - std::chrono::hours(2));
  }
};

TEST_F(BlobStoreTest, StoresContentUnderItsSha256AndReadsItBack) {
  const auto id = store.put("The skip has been there for a month.");
  ASSERT_TRUE(id.ok());
  EXPECT_EQ(id->sha256, sha256Hex("The skip has been there for a month."));
  EXPECT_EQ(id->size, 36u);
  EXPECT_EQ(store.pathOf(id->sha256), folder / id->sha256.substr(0, 2) / id->sha256.substr(2));
  EXPECT_EQ(*store.read(id->sha256), "The skip has been there for a month.");
}

TEST_F(BlobStoreTest, IdenticalContentIsStoredOnce) {
  const auto first = store.put("same words");
  const auto second = store.put("same words");
  ASSERT_TRUE(first.ok() && second.ok());
  EXPECT_EQ(first->sha256, second->sha256);
  EXPECT_EQ(filesIn(folder), 1);
}

TEST_F(BlobStoreTest, ContentArrivingInPiecesIsHashedOnTheWay) {
  auto writer = store.begin();
  ASSERT_TRUE(writer.ok());
  ASSERT_TRUE((*writer)->append("first half, ").ok());
  ASSERT_TRUE((*writer)->append("second half").ok());
  const auto id = (*writer)->commit();
  ASSERT_TRUE(id.ok());
  EXPECT_EQ(id->sha256, sha256Hex("first half, second half"));
}

TEST_F(BlobStoreTest, AWriteCutShortLeavesNoBlobAndNothingCanReferToIt) {
  std::string sha;
  {
    auto writer = store.begin();
    ASSERT_TRUE(writer.ok());
    ASSERT_TRUE((*writer)->append("half an upload").ok());
    sha = sha256Hex("half an upload");
    // The writer goes without committing, as a request cut off would.
  }
  EXPECT_FALSE(store.contains(sha));
  EXPECT_EQ(filesIn(folder), 0);
}

TEST_F(BlobStoreTest, AProcessKilledBetweenWriteAndRenameLeavesOnlyATemporaryFileTheSweepRemoves) {
  // What a kill -9 after writing and before the rename leaves: an incoming file, no blob.
  fs::create_directories(folder);
  const auto leftover = folder / "incoming-abc123";
  std::ofstream(leftover) << "content of a save that never finished";
  EXPECT_FALSE(store.contains(sha256Hex("content of a save that never finished")));
  EXPECT_EQ(store.sweep([](const std::string&) { return true; }, std::chrono::hours(1)), 0)
      << "a fresh one may still be written to";
  age(leftover);
  EXPECT_EQ(store.sweep([](const std::string&) { return true; }, std::chrono::hours(1)), 1);
  EXPECT_FALSE(fs::exists(leftover));
}

TEST_F(BlobStoreTest, TheSweepRemovesOnlyOldBlobsNothingRefersTo) {
  const auto kept = *store.put("referred to");
  const auto orphan = *store.put("referred to by nothing");
  const auto young = *store.put("just stored, reference on its way");
  age(*store.pathOf(kept.sha256));
  age(*store.pathOf(orphan.sha256));
  const auto removed = store.sweep([&](const std::string& sha256) { return sha256 == kept.sha256; },
                                   std::chrono::hours(1));
  EXPECT_EQ(removed, 1);
  EXPECT_TRUE(store.contains(kept.sha256));
  EXPECT_FALSE(store.contains(orphan.sha256));
  EXPECT_TRUE(store.contains(young.sha256));
}

TEST_F(BlobStoreTest, AFinishedFileIsTakenInByRenamingItNotCopyingIt) {
  fs::create_directories(folder);
  const auto finished = folder / "finished-upload";
  std::ofstream(finished) << "a whole file";
  const auto id = store.adopt(finished, sha256Hex("a whole file"), 12);
  ASSERT_TRUE(id.ok());
  EXPECT_FALSE(fs::exists(finished));
  EXPECT_EQ(*store.read(id->sha256), "a whole file");
  // The same content again: the copy goes, the blob stays.
  std::ofstream(finished) << "a whole file";
  ASSERT_TRUE(store.adopt(finished, sha256Hex("a whole file"), 12).ok());
  EXPECT_FALSE(fs::exists(finished));
  EXPECT_EQ(filesIn(folder), 1);
  // A name that is not a hash is never made a path.
  std::ofstream(finished) << "x";
  EXPECT_FALSE(store.adopt(finished, "../escape", 1).ok());
  EXPECT_FALSE(fs::exists(finished));
}

TEST_F(BlobStoreTest, PathsAreMadeFromTheHashAloneNeverFromWhatWasSent) {
  EXPECT_FALSE(store.pathOf("../../etc/passwd"));
  EXPECT_FALSE(store.pathOf(std::string(64, 'A')));
  EXPECT_FALSE(store.pathOf(std::string(63, 'a') + "/"));
  EXPECT_FALSE(store.read("../x").ok());
  EXPECT_TRUE(isSha256Hex(std::string(64, 'f')));
}

}  // namespace
}  // namespace dossier::blobs
