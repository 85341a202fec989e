#include "documents/uploads.hpp"

#include <filesystem>

#include <gtest/gtest.h>

#include "blobs/blob_store.hpp"
#include "core/crypto.hpp"

namespace dossier::documents {
namespace {

namespace fs = std::filesystem;

class UploadStoreTest : public ::testing::Test {
 protected:
  fs::path root = fs::temp_directory_path() / ("dossier-uploads-" + randomHex(6));
  UploadStore uploads{root / "uploads"};
  blobs::BlobStore blobs{root / "blobs"};

  void TearDown() override { fs::remove_all(root); }
};

TEST_F(UploadStoreTest, AFinishedUploadKeepsItsBlobUntilItIsSweptAway) {
  auto upload = uploads.create(5, "note.txt", "CMP-1", "jsmith");
  ASSERT_TRUE(upload.ok());
  const auto done = uploads.append(upload->id, "jsmith", 0, "hello", blobs);
  ASSERT_TRUE(done.ok());
  EXPECT_EQ(done->blob, sha256Hex("hello"));
  EXPECT_EQ(uploads.blobsKept(), std::set<std::string>{sha256Hex("hello")});
  EXPECT_EQ(uploads.sweep(std::chrono::hours(24)), 0);
  fs::last_write_time(root / "uploads" / upload->id / "info",
                      fs::file_time_type::clock::now() - std::chrono::hours(25));
  EXPECT_EQ(uploads.sweep(std::chrono::hours(24)), 1);
  EXPECT_TRUE(uploads.blobsKept().empty());
}

TEST_F(UploadStoreTest, AnIdThatIsNotOneOfOursFindsNothing) {
  EXPECT_FALSE(uploads.find("../../etc", "jsmith"));
  EXPECT_FALSE(uploads.find(std::string(32, 'g'), "jsmith"));
  EXPECT_FALSE(uploads.remove("..", "jsmith"));
}

}  // namespace
}  // namespace dossier::documents
