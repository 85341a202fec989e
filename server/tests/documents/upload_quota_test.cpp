#include "documents/upload_quota.hpp"

#include <atomic>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "core/crypto.hpp"
#include "db/connection.hpp"
#include "db/pool.hpp"
#include "support/test_environment.hpp"

namespace dossier::documents {
namespace {

class UploadQuotaTest : public ::testing::Test {
 protected:
  testing::TestEnvironment test;
  config::UploadLimits limits{.maxUnfinishedPerUser = 3,
                              .maxUnfinishedSizePerUser = 1000,
                              .maxUnfinishedSize = 1500,
                              .diskHeadroom = 0};

  Status reserve(const std::string& username, std::uint64_t length,
                 const std::string& id = randomHex(16)) {
    auto db = test.db().acquire();
    return reserveUpload(*db, limits, id, username, length, Clock::now());
  }
};

TEST_F(UploadQuotaTest, APersonMayHaveSoManyUploadsNotFinished) {
  for (int i = 0; i < 3; ++i) {
    ASSERT_TRUE(reserve("walt", 10).ok());
  }
  const auto refused = reserve("walt", 10);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().kind, ErrorKind::TooManyRequests);
  EXPECT_EQ(refused.error().code, "documents.upload_quota");
  EXPECT_EQ(refused.error().message,
            "You have 3 uploads not finished; finish or cancel some before starting more.");
  EXPECT_TRUE(reserve("rita", 10).ok()) << "another person's uploads are theirs";
}

TEST_F(UploadQuotaTest, APersonMayHaveSoManyBytesWaiting) {
  ASSERT_TRUE(reserve("walt", 600).ok());
  const auto refused = reserve("walt", 500);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().kind, ErrorKind::TooManyRequests);
  EXPECT_EQ(refused.error().message,
            "Your uploads not finished hold 600 bytes, and this file (500 bytes) would pass the "
            "1000 bytes you may have waiting at once; finish or cancel some before starting more.");
  EXPECT_TRUE(reserve("walt", 400).ok());
}

TEST_F(UploadQuotaTest, EveryonesUploadsTogetherStayUnderTheEnvironmentsCeiling) {
  ASSERT_TRUE(reserve("walt", 900).ok());
  const auto refused = reserve("rita", 700);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().kind, ErrorKind::InsufficientStorage);
  EXPECT_EQ(refused.error().code, "documents.upload_space");
  EXPECT_TRUE(reserve("rita", 600).ok());
}

TEST_F(UploadQuotaTest, ACancelledUploadFreesItsShareAtOnce) {
  for (const auto* id : {"a", "b", "c"}) {
    ASSERT_TRUE(reserve("walt", 10, id).ok());
  }
  ASSERT_FALSE(reserve("walt", 10).ok());
  auto db = test.db().acquire();
  releaseUpload(*db, "b");
  EXPECT_TRUE(reserveUpload(*db, limits, "d", "walt", 10, Clock::now()).ok());
}

TEST_F(UploadQuotaTest, AnUploadIsTakenByOneDocumentOnlyAndThenCountsNoMore) {
  for (const auto* id : {"a", "b", "c"}) {
    ASSERT_TRUE(reserve("walt", 10, id).ok());
  }
  auto db = test.db().acquire();
  EXPECT_EQ(uploadState(*db, "a", "walt"), UploadState::Open);
  EXPECT_FALSE(takeUpload(*db, "a", "rita", Clock::now())) << "not hers";
  EXPECT_TRUE(takeUpload(*db, "a", "walt", Clock::now()));
  EXPECT_FALSE(takeUpload(*db, "a", "walt", Clock::now()));
  EXPECT_EQ(uploadState(*db, "a", "walt"), UploadState::Taken);
  EXPECT_EQ(uploadState(*db, "z", "walt"), UploadState::Unknown);
  releaseUpload(*db, "a");
  EXPECT_EQ(uploadState(*db, "a", "walt"), UploadState::Taken) << "a taken upload is remembered";
  EXPECT_TRUE(reserveUpload(*db, limits, "d", "walt", 10, Clock::now()).ok());
}

TEST_F(UploadQuotaTest, UploadsBegunAtOnceCannotOvershootTheLimit) {
  limits.maxUnfinishedPerUser = 5;
  std::atomic<int> accepted = 0;
  std::vector<std::thread> threads;
  for (int i = 0; i < 4; ++i) {
    threads.emplace_back([&] {
      for (int j = 0; j < 5; ++j) {
        if (reserve("walt", 1).ok()) {
          ++accepted;
        }
      }
    });
  }
  for (auto& thread : threads) {
    thread.join();
  }
  EXPECT_EQ(accepted.load(), 5);
}

TEST_F(UploadQuotaTest, RowsAreForgottenWithTheirUploads) {
  ASSERT_TRUE(reserve("walt", 10, "old").ok());
  auto db = test.db().acquire();
  EXPECT_EQ(forgetUploadsBefore(*db, Clock::now() - std::chrono::hours(24)), 0);
  EXPECT_EQ(forgetUploadsBefore(*db, Clock::now() + std::chrono::seconds(1)), 1);
  EXPECT_EQ(uploadState(*db, "old", "walt"), UploadState::Unknown);
}

TEST(DiskHeadroom, AFileIsRefusedWhenTheDiskWouldKeepLessThanItsHeadroomFree) {
  const auto folder = std::filesystem::temp_directory_path() / "not-made-yet" / "uploads";
  const auto free = freeDiskSpace(folder);
  ASSERT_TRUE(free.has_value()) << "the nearest folder that exists is asked";
  EXPECT_TRUE(checkDiskHeadroom(folder, 1, 0).ok());
  const auto huge = checkDiskHeadroom(folder, 1, 1ULL << 60);
  ASSERT_FALSE(huge.ok());
  EXPECT_EQ(huge.error().kind, ErrorKind::InsufficientStorage);
  EXPECT_EQ(huge.error().code, "documents.disk_full");
  EXPECT_EQ(huge.error().message,
            "The server is short of disk space, so this file cannot be taken now. Try again "
            "later; if this goes on, tell your administrator.");
  // Far more than the disk has: other tests free space on the same disk meanwhile, so a byte
  // more than it had a moment ago may fit by the time it is asked.
  EXPECT_FALSE(checkDiskHeadroom(folder, *free + (std::uint64_t{1} << 40), 0).ok())
      << "more than the disk has";
}

}  // namespace
}  // namespace dossier::documents
