#include "index/stored_hits.hpp"

#include <gtest/gtest.h>

namespace dossier::index {
namespace {

const std::string kPerson =
    R"({"k":"person","i":"77","g":"g-77","t":"IND",)"
    R"("f":[{"key":"Title","value":"Thomas Smith","displayInSearchResult":true}],)"
    R"("b":"Thomas · Smith · 59 Victoria Road"})";

// A record's stored data, counting how often it is read.
struct StoredData {
  std::string data = kPerson;
  int reads = 0;
  std::function<std::string()> reader() {
    return [this] {
      ++reads;
      return data;
    };
  }
};

TEST(StoredHits, AHitIsMadeOfTheDataTheIndexStores) {
  const auto hit = storedHitOf(
      R"({"k":"document","i":"d-1","g":"d-1","t":"External","c":"C-1","n":"notice.pdf",)"
      R"("f":[{"key":"Title","value":"Notice","displayInSearchResult":true}],"b":"Served"})");
  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->kind, "document");
  EXPECT_EQ(hit->identifier, "d-1");
  EXPECT_EQ(hit->guid, "d-1");
  EXPECT_EQ(hit->typeRef, "External");
  EXPECT_EQ(hit->caseNumber, "C-1");
  EXPECT_EQ(hit->fileName, "notice.pdf");
  ASSERT_EQ(hit->searchFields->list.size(), 1u);
  EXPECT_EQ(hit->searchFields->list[0].at("value").as_string(), "Notice");
  // And as the text an answer carries, written once.
  EXPECT_EQ(hit->searchFields->json,
            R"([{"key":"Title","value":"Notice","displayInSearchResult":true}])");
  EXPECT_EQ(hit->body, "Served");
}

TEST(StoredHits, DataThatIsNotTheIndexsGivesNoHit) {
  EXPECT_FALSE(storedHitOf("not json"));
  EXPECT_FALSE(storedHitOf("[1,2]"));
  StoredHits kept;
  StoredData stored{"{"};
  EXPECT_FALSE(kept.of("db", 3, 7, stored.reader()));
  EXPECT_EQ(kept.size(), 0u);
}

TEST(StoredHits, AHitIsReadOnceForARevision) {
  StoredHits kept;
  StoredData stored;
  const auto first = kept.of("db", 3, 7, stored.reader());
  const auto again = kept.of("db", 3, 7, stored.reader());
  ASSERT_TRUE(first);
  EXPECT_EQ(first, again);
  EXPECT_EQ(stored.reads, 1);
  EXPECT_EQ(first->identifier, "77");
}

TEST(StoredHits, ANewerRevisionReadsEveryHitAgain) {
  StoredHits kept;
  StoredData stored;
  kept.of("db", 3, 7, stored.reader());
  kept.of("db", 3, 8, stored.reader());
  stored.data = R"({"k":"person","i":"77","f":[],"b":"Tom · Smith"})";
  const auto renamed = kept.of("db", 4, 7, stored.reader());
  EXPECT_EQ(stored.reads, 3);
  EXPECT_EQ(renamed->body, "Tom · Smith");
  EXPECT_EQ(kept.size(), 1u) << "the hits of revision 3 are forgotten";
}

TEST(StoredHits, AnotherDatabaseReadsEveryHitAgainWhateverItsRevision) {
  StoredHits kept;
  StoredData stored;
  kept.of("db", 9, 7, stored.reader());
  kept.of("rebuilt", 1, 7, stored.reader());
  kept.of("rebuilt", 1, 7, stored.reader());
  EXPECT_EQ(stored.reads, 2);
}

TEST(StoredHits, AReaderOfAnOlderRevisionKeepsNothing) {
  StoredHits kept;
  StoredData stored;
  kept.of("db", 4, 7, stored.reader());
  const auto old = kept.of("db", 3, 8, stored.reader());
  kept.of("db", 3, 8, stored.reader());
  ASSERT_TRUE(old);
  EXPECT_EQ(stored.reads, 3);
  kept.of("db", 4, 7, stored.reader());
  EXPECT_EQ(stored.reads, 3) << "revision 4's hits are still kept";
}

TEST(StoredHits, PastTheirBoundTheKeptHitsAreForgottenWhole) {
  const std::size_t bound = 3 * (2 * kPerson.size() + sizeof(StoredHit));
  StoredHits kept(bound);
  StoredData stored;
  for (Xapian::docid id = 1; id <= 3; ++id) {
    kept.of("db", 1, id, stored.reader());
  }
  EXPECT_EQ(kept.size(), 3u);
  EXPECT_LE(kept.bytes(), bound);
  kept.of("db", 1, 4, stored.reader());
  EXPECT_EQ(kept.size(), 1u);
  EXPECT_LE(kept.bytes(), bound);
  kept.of("db", 1, 1, stored.reader());
  EXPECT_EQ(stored.reads, 5) << "the first hit was forgotten with the others";
}

TEST(StoredHits, AHitLargerThanTheBoundIsShownButNotKept) {
  StoredHits kept(64);
  StoredData stored;
  EXPECT_TRUE(kept.of("db", 1, 1, stored.reader()));
  EXPECT_EQ(kept.size(), 0u);
  EXPECT_EQ(kept.bytes(), 0u);
}

}  // namespace
}  // namespace dossier::index
