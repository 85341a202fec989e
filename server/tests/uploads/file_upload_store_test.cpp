#include "uploads/file_upload_store.hpp"

#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <sys/file.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include "blobs/file_blob_store.hpp"
#include "core/crypto.hpp"
#include "support/temp_folder.hpp"
#include "uploads/upload_store_contract.hpp"

namespace dossier::uploads {
namespace {

namespace fs = std::filesystem;

// The file store, for the contract every upload store keeps: an upload's age is its info file's.
class FileUploadStoreHarness {
 public:
  UploadStore& store() { return store_; }
  blobs::BlobStore& blobs() { return blobs_; }
  void age(const std::string& id, std::chrono::seconds by) {
    const auto info = folder_.path() / "uploads" / id / "info";
    fs::last_write_time(info, fs::last_write_time(info) - by);
  }

 private:
  testing::TempFolder folder_;
  blobs::FileBlobStore blobs_{folder_.path() / "blobs"};
  FileUploadStore store_{folder_.path() / "uploads", blobs_};
};

using namespace contract;  // the suite's names, which the macro below spells unqualified
INSTANTIATE_TYPED_TEST_SUITE_P(Files, UploadStoreContract, FileUploadStoreHarness);

class FileUploadStoreTest : public ::testing::Test {
 protected:
  testing::TempFolder root;
  blobs::FileBlobStore blobs{root.path() / "blobs"};
  FileUploadStore uploads{root.path() / "uploads", blobs};

  Upload begun(std::uint64_t length) {
    return *uploads.create(newUploadId(), length, "Noise log.txt", "CMP-1", "jsmith");
  }
  fs::path folderOf(const Upload& upload) { return root.path() / "uploads" / upload.id; }
};

TEST_F(FileUploadStoreTest, ItsBytesLandInItsFolderOnThisDisk) {
  EXPECT_EQ(uploads.localFolder(), root.path() / "uploads");
}

TEST_F(FileUploadStoreTest, APieceWhileAnotherRequestWritesTheUploadIsToldToWait) {
  const auto upload = begun(10);
  const int held = ::open((folderOf(upload) / "data").c_str(), O_WRONLY | O_CLOEXEC);
  ASSERT_GE(held, 0);
  ASSERT_EQ(::flock(held, LOCK_EX), 0);
  const auto refused = uploads.append(upload.id, "jsmith", 0, "hello");
  ::close(held);
  ASSERT_FALSE(refused.ok());
  EXPECT_TRUE(refused.error().is(errors::kBusy));
  EXPECT_TRUE(uploads.append(upload.id, "jsmith", 0, "hello").ok()) << "once it is let go";
}

TEST_F(FileUploadStoreTest, TheLastByteMovesTheFileIntoTheBlobStoreWithoutCopyingIt) {
  const auto upload = begun(5);
  const auto done = uploads.append(upload.id, "jsmith", 0, "hello");
  ASSERT_TRUE(done.ok());
  EXPECT_FALSE(fs::exists(folderOf(upload) / "data"));
  EXPECT_TRUE(blobs.contains(done->blob));
  EXPECT_EQ(uploads.find(upload.id, "jsmith")->offset, 5u) << "finished, it stands at its end";
}

TEST_F(FileUploadStoreTest, AHashingThatCannotGoOnIsDoneAgainOverTheWholeFile) {
  // What another build, or a crash between a piece and its hashing, leaves: a hashing that does
  // not name the offset the file stands at.
  const auto upload = begun(10);
  ASSERT_TRUE(uploads.append(upload.id, "jsmith", 0, "hello").ok());
  std::ofstream(folderOf(upload) / "hash", std::ios::trunc) << "3:not a hashing";
  const auto done = uploads.append(upload.id, "jsmith", 5, "world");
  ASSERT_TRUE(done.ok());
  EXPECT_EQ(done->blob, sha256Hex("helloworld"));
}

}  // namespace
}  // namespace dossier::uploads
