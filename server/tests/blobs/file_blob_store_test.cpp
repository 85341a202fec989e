#include "blobs/file_blob_store.hpp"

#include <filesystem>
#include <fstream>
#include <sys/stat.h>

#include <gtest/gtest.h>

#include "blobs/blob_store_contract.hpp"
#include "core/crypto.hpp"
#include "support/temp_folder.hpp"

namespace dossier::blobs {
namespace {

namespace fs = std::filesystem;

void makeOlder(const fs::path& path, std::chrono::seconds by) {
  fs::last_write_time(path, fs::last_write_time(path) - by);
}

// The file store, for the contract every blob store keeps: a blob's age is its file's.
class FileBlobStoreHarness {
 public:
  BlobStore& store() { return store_; }
  void age(const std::string& sha256, std::chrono::seconds by) {
    makeOlder(*store_.pathOf(sha256), by);
  }

 private:
  testing::TempFolder folder_;
  FileBlobStore store_{folder_.path() / "blobs"};
};

using namespace contract;  // the suite's names, which the macro below spells unqualified
INSTANTIATE_TYPED_TEST_SUITE_P(Files, BlobStoreContract, FileBlobStoreHarness);

class FileBlobStoreTest : public ::testing::Test {
 protected:
  testing::TempFolder root;
  fs::path folder = root.path() / "blobs";
  FileBlobStore store{folder};

  int filesIn(const fs::path& where) {
    int count = 0;
    for (const auto& entry : fs::recursive_directory_iterator(where)) {
      count += entry.is_regular_file() ? 1 : 0;
    }
    return count;
  }

  static ino_t inodeOf(const fs::path& path) {
    struct stat status {};
    ::stat(path.c_str(), &status);
    return status.st_ino;
  }
};

TEST_F(FileBlobStoreTest, ABlobIsAFileNamedByItsHashUnderTwoOfItsDigits) {
  const auto id = *store.put("The skip has been there for a month.");
  EXPECT_EQ(store.pathOf(id.sha256), folder / id.sha256.substr(0, 2) / id.sha256.substr(2));
  EXPECT_EQ(filesIn(folder), 1);
}

TEST_F(FileBlobStoreTest, ADownloadOrTheTextReaderIsGivenTheStoresOwnFileNotACopy) {
  const auto id = *store.put("sent with sendfile");
  const auto file = store.localFile(id.sha256);
  ASSERT_TRUE(file.ok());
  EXPECT_FALSE(file->temporary());
  EXPECT_EQ(file->path(), *store.pathOf(id.sha256));
  EXPECT_EQ((*store.open(id.sha256))->localPath(), store.pathOf(id.sha256));
}

TEST_F(FileBlobStoreTest, AWriteCutShortLeavesNoFileBehind) {
  {
    auto writer = store.begin();
    ASSERT_TRUE(writer.ok());
    ASSERT_TRUE((*writer)->append("half an upload").ok());
    EXPECT_EQ(filesIn(folder), 1) << "written as it comes, to a temporary file";
  }
  EXPECT_EQ(filesIn(folder), 0);
}

TEST_F(FileBlobStoreTest,
       AProcessKilledBetweenWriteAndRenameLeavesOnlyATemporaryFileTheSweepRemoves) {
  // What a kill -9 after writing and before the rename leaves: an incoming file, no blob.
  fs::create_directories(folder);
  const auto leftover = folder / "incoming-abc123";
  std::ofstream(leftover) << "content of a save that never finished";
  EXPECT_FALSE(store.contains(sha256Hex("content of a save that never finished")));
  EXPECT_EQ(store.sweep([](const std::string&) { return true; }, std::chrono::hours(1)), 0)
      << "a fresh one may still be written to";
  makeOlder(leftover, std::chrono::hours(2));
  EXPECT_EQ(store.sweep([](const std::string&) { return true; }, std::chrono::hours(1)), 1);
  EXPECT_FALSE(fs::exists(leftover));
}

TEST_F(FileBlobStoreTest, AFinishedFileOnTheSameDiskIsTakenInByRenamingItNotCopyingIt) {
  fs::create_directories(folder);
  const auto finished = root.write("uploads/finished/data", "a whole file");
  const auto inode = inodeOf(finished);
  const auto id = store.adopt(finished, sha256Hex("a whole file"), 12);
  ASSERT_TRUE(id.ok());
  EXPECT_EQ(inodeOf(*store.pathOf(id->sha256)), inode);
}

TEST_F(FileBlobStoreTest, PathsAreMadeFromTheHashAloneNeverFromWhatWasSent) {
  EXPECT_FALSE(store.pathOf("../../etc/passwd"));
  EXPECT_FALSE(store.pathOf(std::string(64, 'A')));
  EXPECT_FALSE(store.pathOf(std::string(63, 'a') + "/"));
  EXPECT_TRUE(isSha256Hex(std::string(64, 'f')));
}

TEST_F(FileBlobStoreTest, AStoreThatCannotBeWrittenSaysWhereAndWhy) {
  std::ofstream(folder) << "a file where the folder should be";
  const auto refused = store.put("content");
  ASSERT_FALSE(refused.ok());
  EXPECT_TRUE(refused.error().is(errors::kWriteFailed));
  EXPECT_NE(refused.error().message.find(folder.string()), std::string::npos)
      << refused.error().message;
}

}  // namespace
}  // namespace dossier::blobs
