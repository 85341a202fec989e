#include "index/ranking_weight.hpp"

#include <cmath>
#include <map>
#include <string>

#include <gtest/gtest.h>

#include "index/scratch_index.hpp"

namespace dossier::index {
namespace {

// An index on disk whose entries hold one word with the given within-entry frequencies (a title's
// word is indexed with kTitleWeight, a note's with 1 each time).
struct ScratchIndex : testing::ScratchIndex {
  Xapian::docid add(Xapian::termcount wdf, const std::string& word = "harbour") {
    Xapian::Document document;
    document.add_term(word, wdf);
    document.add_term("filler", kTitleWeight);
    return database.add_document(document);
  }

  // Entries holding the word and "filler" in their titles, then as many holding neither, so that
  // the count of the two words together is not known from their statistics alone.
  void addTitlesAndOthers(int count) {
    for (int i = 0; i < count; ++i) {
      add(kTitleWeight);
    }
    for (int i = 0; i < count; ++i) {
      Xapian::Document document;
      document.add_term("other");
      database.add_document(document);
    }
  }
};

Xapian::MSet ranked(Xapian::WritableDatabase& database, const Xapian::Query& query,
                    Xapian::doccount size, Xapian::doccount atLeast) {
  database.commit();
  Xapian::Enquire enquire(database);
  enquire.set_weighting_scheme(RankingWeight());
  enquire.set_query(query);
  return enquire.get_mset(0, size, atLeast);
}

TEST(RankingWeight, AWordWeighsItsPlaceUpToATitlesWorthAndNotTheLengthOfTheEntry) {
  ScratchIndex index;
  const auto inNote = index.add(1);
  const auto inTwoNotes = index.add(2);
  const auto inTitle = index.add(kTitleWeight);
  const auto inTitleAndNote = index.add(kTitleWeight + 1);
  index.add(1, "other");
  const auto matches = ranked(index.database, Xapian::Query("harbour"), 10, 10);
  ASSERT_EQ(matches.size(), 4u);
  std::map<Xapian::docid, double> weights;
  for (auto it = matches.begin(); it != matches.end(); ++it) {
    weights[*it] = it.get_weight();
  }
  EXPECT_DOUBLE_EQ(weights[inTitle], weights[inTitleAndNote]) << "a title's worth is the most";
  EXPECT_DOUBLE_EQ(weights[inNote] * kTitleWeight, weights[inTitle]);
  EXPECT_DOUBLE_EQ(weights[inTwoNotes], 2 * weights[inNote]);
  EXPECT_EQ(*matches.begin(), inTitle) << "equal weights in the order of indexing";
}

TEST(RankingWeight, AMatchStopsOnceItsPageIsFullOfTheGreatestWeightThereIs) {
  ScratchIndex index;
  index.addTitlesAndOthers(1000);
  // Two words each of those entries holds: Xapian knows a lone word's count without matching.
  const Xapian::Query both(Xapian::Query::OP_AND, Xapian::Query("harbour"),
                           Xapian::Query("filler"));
  const auto matches = ranked(index.database, both, 10, 50);
  ASSERT_EQ(matches.size(), 10u);
  EXPECT_EQ(*matches.begin(), 1u);
  EXPECT_EQ(*matches[9], 10u) << "ties in the order of indexing";
  EXPECT_LT(matches.get_matches_lower_bound(), 1000u)
      << "the match ended without weighing every entry";

  Xapian::Enquire bm25(index.database);
  bm25.set_query(both);
  EXPECT_EQ(bm25.get_mset(0, 10, 50).get_matches_lower_bound(), 1000u)
      << "BM25's bound is never reached, so it weighs them all";
}

TEST(RankingWeight, AWordNoEntryHoldsWeighsNothingAndLeavesTheBoundsOfTheRestWhole) {
  ScratchIndex index;
  index.addTitlesAndOthers(1000);
  const Xapian::Query either(
      Xapian::Query::OP_AND,
      Xapian::Query(Xapian::Query::OP_OR, Xapian::Query("harbour"), Xapian::Query("XNharbour")),
      Xapian::Query("filler"));
  const auto matches = ranked(index.database, either, 10, 50);
  EXPECT_FALSE(std::isnan(matches.get_max_possible()));
  EXPECT_LT(matches.get_matches_lower_bound(), 1000u);
}

}  // namespace
}  // namespace dossier::index
