#include "uploads/file_upload_store.hpp"

#include <csignal>
#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <sys/file.h>
#include <sys/resource.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include "blobs/file_blob_store.hpp"
#include "core/crypto.hpp"
#include "support/temp_folder.hpp"
#include "uploads/direct_write.hpp"
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

// A piece before the last is answered while it is still being written (write_behind.hpp); whoever
// looks at the upload next finds it in the file.
TEST_F(FileUploadStoreTest, APieceAnsweredBeforeItIsWrittenIsInTheFileForWhoeverLooksNext) {
  const auto upload = begun(4 * 1024 * 1024 + 5);
  const std::string piece(4 * 1024 * 1024, 'p');
  const auto answered = uploads.append(upload.id, "jsmith", 0, piece);
  ASSERT_TRUE(answered.ok());
  EXPECT_EQ(answered->offset, piece.size());
  EXPECT_EQ(uploads.find(upload.id, "jsmith")->offset, piece.size());
  EXPECT_EQ(fs::file_size(folderOf(upload) / "data"), piece.size());
  const auto done = uploads.append(upload.id, "jsmith", piece.size(), "hello");
  ASSERT_TRUE(done.ok());
  EXPECT_EQ(done->blob, sha256Hex(piece + "hello")) << "hashed on the way, piece by piece";
}

// A piece whose writing fails after its answer (here a disk that takes no file past 1 MiB:
// RLIMIT_FSIZE, in a process of its own) is told to the next piece, and where the upload stands
// is what reached the file, so that the client resumes from there.
TEST_F(FileUploadStoreTest, APieceWhoseWritingFailsAfterItsAnswerIsToldToTheNextPiece) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  const auto upload = begun(8 * 1024 * 1024);
  // In the child process the test forks: its answers become its exit status.
  const auto failingDisk = [&] {
    ::signal(SIGXFSZ, SIG_IGN);
    const rlimit small{1024 * 1024, 1024 * 1024};
    ::setrlimit(RLIMIT_FSIZE, &small);
    const std::string piece(4 * 1024 * 1024, 'p');
    const auto answered = uploads.append(upload.id, "jsmith", 0, piece);
    const auto next = uploads.append(upload.id, "jsmith", piece.size(), piece);
    const auto stands = uploads.find(upload.id, "jsmith");
    const bool told = !next.ok() && next.error().is(errors::kWriteFailed) &&
                      next.error().message.find("The piece before this one could not be written") !=
                          std::string::npos;
    const bool answeredAhead = answered.ok() && answered->offset == piece.size();
    const bool standsAtWhatReachedIt = stands && stands->offset <= 1024 * 1024;
    std::_Exit(answeredAhead && told && standsAtWhatReachedIt ? 0 : 1);
  };
  EXPECT_EXIT(failingDisk(), ::testing::ExitedWithCode(0), "");
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

// Pieces as a browser sends them (whole mebibytes at aligned offsets, written past the page
// cache where the file system allows it) and as a resumed or last piece comes (odd lengths and
// offsets, written through the cache): one file, byte for byte, whichever way each part went.
TEST_F(FileUploadStoreTest, PiecesOfEveryShapeMakeTheFileTheyWereCutFrom) {
  std::string content(3 * 1024 * 1024 + 8192 + 11, '\0');
  for (std::size_t i = 0; i < content.size(); ++i) {
    content[i] = static_cast<char>('a' + (i * 7 + i / 4096) % 26);
  }
  const auto upload = begun(content.size());
  const std::size_t cuts[] = {0, 1024 * 1024 + 4096, 2 * 1024 * 1024 + 4096 + 13,
                              3 * 1024 * 1024 + 4096 + 13, content.size()};
  Result<Upload> last = Error::of(errors::kNotFound, "no piece yet");
  for (std::size_t i = 0; i + 1 < std::size(cuts); ++i) {
    last = uploads.append(upload.id, "jsmith", cuts[i],
                          content.substr(cuts[i], cuts[i + 1] - cuts[i]));
    ASSERT_TRUE(last.ok()) << "piece " << i;
    EXPECT_EQ(last->offset, cuts[i + 1]);
  }
  EXPECT_EQ(last->blob, sha256Hex(content));
  const auto file = blobs.localFile(last->blob);
  ASSERT_TRUE(file.ok());
  std::ifstream in(file->path(), std::ios::binary);
  const std::string kept{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  EXPECT_TRUE(kept == content) << "the blob holds what was sent, " << kept.size() << " bytes";
}

TEST(DirectWrite, LeavesOddPlacesAndSmallPiecesToTheCache) {
  testing::TempFolder folder;
  const auto file = folder.path() / "data";
  std::ofstream(file, std::ios::binary) << std::string(4096, 'x');
  const std::string piece(2 * 1024 * 1024, 'y');
  EXPECT_EQ(writeDirectly(file, 4095, piece), 0u) << "an offset off the disk's blocks";
  EXPECT_EQ(writeDirectly(file, 4096, std::string_view(piece).substr(0, 64 * 1024)), 0u)
      << "a piece too small to be worth it";
  EXPECT_EQ(fs::file_size(file), 4096u) << "neither touched the file";
}

TEST(DirectWrite, WritesTheAlignedPartOfAPieceAndSaysHowMuch) {
  testing::TempFolder folder;
  const auto file = folder.path() / "data";
  std::ofstream(file, std::ios::binary) << std::string(4096, 'x');
  const std::string piece(1024 * 1024 + 4096 + 5, 'y');
  const auto written = writeDirectly(file, 4096, piece);
  // A file system without direct writes (tmpfs) takes none, and the caller writes it all.
  ASSERT_TRUE(written == 0 || written == 1024 * 1024 + 4096) << written;
  EXPECT_EQ(fs::file_size(file), 4096 + written);
}

}  // namespace
}  // namespace dossier::uploads
