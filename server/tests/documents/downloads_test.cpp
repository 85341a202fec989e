#include "documents/downloads.hpp"

#include <gtest/gtest.h>

#include "db/connection.hpp"
#include "db/pool.hpp"
#include "support/test_environment.hpp"

namespace dossier::documents {
namespace {

TEST(ByteRanges, AreReadAsRfc9110SaysForOneRange) {
  const auto range = [](const char* header) { return parseRange(header, 1000); };
  EXPECT_EQ(range("bytes=0-99").range.first, 0u);
  EXPECT_EQ(range("bytes=0-99").range.length, 100u);
  EXPECT_EQ(range("bytes=900-").range.length, 100u);
  EXPECT_EQ(range("bytes=-200").range.first, 800u);
  EXPECT_EQ(range("bytes=990-5000").range.length, 10u);
  EXPECT_EQ(range("bytes=1000-").outcome, RangeOutcome::Unsatisfiable);
  EXPECT_EQ(range("bytes=-0").outcome, RangeOutcome::Unsatisfiable);
  // Several ranges, other units, nonsense: the whole file.
  for (const char* whole : {"bytes=0-1,5-6", "items=0-1", "bytes=5-1", "bytes=a-b", "bytes=-"}) {
    EXPECT_EQ(range(whole).outcome, RangeOutcome::Whole) << whole;
  }
  EXPECT_EQ(parseRange(std::nullopt, 10).outcome, RangeOutcome::Whole);
}

TEST(AttachmentHeader, NamesAnyFileSafely) {
  EXPECT_EQ(attachmentHeader("Letter.pdf", false),
            "attachment; filename=\"Letter.pdf\"; filename*=UTF-8''Letter.pdf");
  EXPECT_EQ(attachmentHeader("a\"b;c.txt", true),
            "inline; filename=\"a_b_c.txt\"; filename*=UTF-8''a%22b%3Bc.txt");
  EXPECT_EQ(attachmentHeader("Één.txt", false),
            "attachment; filename=\"__n.txt\"; filename*=UTF-8''%C3%89%C3%A9n.txt")
      << "each character a plain name cannot hold becomes one _";
}

TEST(DownloadTokens, NameOneVersionUntilSpentOrExpired) {
  testing::TestEnvironment test;
  auto db = test.db().acquire();
  db->execute("PRAGMA foreign_keys = OFF");
  const auto now = Clock::now();
  const auto token = issueDownloadToken(*db, 7, 3, now);
  const auto found = redeemDownloadToken(*db, token, now);
  ASSERT_TRUE(found);
  EXPECT_EQ(found->versionId, 7);
  EXPECT_EQ(found->userId, 3);
  EXPECT_FALSE(redeemDownloadToken(*db, token, now + kDownloadTokenLifetime));
  EXPECT_FALSE(redeemDownloadToken(*db, "forged", now));
  spendDownloadToken(*db, token);
  EXPECT_FALSE(redeemDownloadToken(*db, token, now));
  auto stored =
      db->query("SELECT COUNT(*) FROM document_access_tokens WHERE token_hash = ?1", token);
  stored.step();
  EXPECT_EQ(stored.integer(0), 0) << "only the token's hash is stored";
}

}  // namespace
}  // namespace dossier::documents
