#include "documents/upload_lifecycle.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include "blobs/blob_store.hpp"
#include "core/crypto.hpp"
#include "documents/errors.hpp"
#include "environments/environment.hpp"
#include "support/test_environment.hpp"
#include "uploads/upload_store.hpp"

namespace dossier::documents {
namespace {

class UploadLifecycleTest : public ::testing::Test {
 protected:
  testing::TestEnvironment test;
  environments::Environment& environment = test.environment();

  uploads::Upload begun(std::uint64_t length) {
    auto upload = beginServerUpload(environment, "jsmith", length, "Letter.txt", "CMP-1");
    EXPECT_TRUE(upload.ok());
    return *upload;
  }

  static void expectAnswer(const Result<uploads::Upload>& answer, const ErrorCode& code,
                           const std::string& message) {
    ASSERT_FALSE(answer.ok());
    EXPECT_EQ(answer.error().code, code.code);
    EXPECT_EQ(answer.error().kind, code.kind);
    EXPECT_EQ(answer.error().message, message);
  }
};

TEST_F(UploadLifecycleTest, AnUploadIsKeptInTheEnvironmentsStoreAndEndsAsABlobInIts) {
  const auto upload = begun(5);
  EXPECT_TRUE(environment.uploads().find(upload.id, "jsmith"));
  const auto done = appendToUpload(environment, upload.id, "jsmith", 0, "hello");
  ASSERT_TRUE(done.ok());
  EXPECT_EQ(*environment.blobs().read(done->blob), "hello");
  EXPECT_TRUE(endUpload(environment, upload.id, "jsmith"));
  EXPECT_FALSE(environment.uploads().find(upload.id, "jsmith"));
  EXPECT_TRUE(environment.blobs().contains(done->blob)) << "a document may refer to it";
}

TEST_F(UploadLifecycleTest,
       TheStoresRefusalsAreAnsweredWithTheDocumentsCodesTusClientsAreToldToday) {
  const auto upload = begun(10);
  expectAnswer(appendToUpload(environment, upload.id, "jsmith", 4, "late"), errors::kUploadOffset,
               "The upload stands at 0 bytes: resume from there.");
  expectAnswer(appendToUpload(environment, upload.id, "jsmith", 0, std::string(11, 'x')),
               errors::kUploadTooLong, "More was sent than the upload announced.");
  expectAnswer(appendToUpload(environment, upload.id, "mjones", 0, "x"), errors::kUploadNotFound,
               "There is no such upload.");
  // Another request writing the same upload holds its data file. (Where uploads are kept in the
  // database there is no file: that store's hold is tested with it, in
  // tests/uploads/database_upload_store_test.cpp.)
  if (!environment.uploads().localFolder()) {
    return;
  }
  const auto data = environment.dataFolder() / "uploads" / upload.id / "data";
  const int held = ::open(data.c_str(), O_WRONLY | O_CLOEXEC);
  ASSERT_GE(held, 0);
  ::flock(held, LOCK_EX);
  const auto busy = appendToUpload(environment, upload.id, "jsmith", 0, "x");
  ::close(held);
  expectAnswer(busy, errors::kUploadBusy, "This upload is being written by another request.");
}

}  // namespace
}  // namespace dossier::documents
