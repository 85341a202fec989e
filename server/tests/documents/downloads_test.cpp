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
  // A token names a stored version.
  const auto caseId = db->insertReturning(
      "INSERT INTO cases (guid, case_number, type_ref, status, display_name, fields, "
      "created_by_name, created_at, modified_by_name, modified_at) VALUES ('g', 'CMP-1', 'COMP', "
      "'open', 'Noise', '{}', 'x', '2026-01-01', 'x', '2026-01-01') RETURNING id");
  const auto documentId = db->insertReturning(
      "INSERT INTO documents (guid, case_id, ext_ref_type, title, ext_ref_filename, "
      "created_by_name, created_at, modified_by_name, modified_at) VALUES ('d', ?1, 'Electronic', "
      "'Letter', 'letter.txt', 'x', '2026-01-01', 'x', '2026-01-01') RETURNING id",
      caseId);
  const auto versionId = db->insertReturning(
      "INSERT INTO document_versions (document_id, major, minor, file_name, blob, file_size, "
      "file_type, media_type, created_by_name, created_at) VALUES (?1, 1, 0, 'letter.txt', "
      "'00', 1, 'txt', 'text/plain', 'x', '2026-01-01') RETURNING id",
      documentId);
  const auto now = Clock::now();
  const auto token = issueDownloadToken(*db, versionId, 3, now);
  const auto found = redeemDownloadToken(*db, token, now);
  ASSERT_TRUE(found);
  EXPECT_EQ(found->versionId, versionId);
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
