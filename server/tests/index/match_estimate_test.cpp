#include "index/match_estimate.hpp"

#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "index/scratch_index.hpp"

namespace dossier::index {
namespace {

using Q = Xapian::Query;

// 4,000 entries, each holding "all", and "half", "fifth" and "tenth" each by the throw of its own
// die (so that the words fall on entries independently, as the estimate takes them to), and
// "word other" as a phrase.
struct ScratchIndex : testing::ScratchIndex {
  ScratchIndex() {
    std::mt19937 dice(7);
    const auto thrown = [&](double chance) { return std::bernoulli_distribution(chance)(dice); };
    for (int i = 0; i < 4000; ++i) {
      Xapian::Document document;
      document.add_term("all");
      if (thrown(0.5))
        document.add_term("half");
      if (thrown(0.2))
        document.add_term("fifth");
      if (thrown(0.1))
        document.add_term("tenth");
      document.add_posting("word", 1);
      document.add_posting("other", 2);
      database.add_document(document);
    }
    database.commit();
  }

  // How many entries the query matches, counted.
  double counted(const Q& query) {
    Xapian::Enquire enquire(database);
    enquire.set_query(query);
    return enquire.get_mset(0, 0, database.get_doccount()).get_matches_lower_bound();
  }
};

TEST(MatchEstimate, ATermIsItsFrequency) {
  ScratchIndex index;
  EXPECT_DOUBLE_EQ(*estimatedMatches(Q("half"), index.database), index.counted(Q("half")));
  EXPECT_DOUBLE_EQ(*estimatedMatches(Q("missing"), index.database), 0);
  EXPECT_DOUBLE_EQ(*estimatedMatches(Q::MatchAll, index.database), 4000);
  EXPECT_DOUBLE_EQ(*estimatedMatches(Q::MatchNothing, index.database), 0);
}

TEST(MatchEstimate, CombinationsOfWordsFallingIndependentlyAreEstimatedClosely) {
  ScratchIndex index;
  const Q half("half");
  const Q fifth("fifth");
  const Q tenth("tenth");
  const std::vector<Q> queries{
      Q(Q::OP_AND, half, fifth),
      Q(Q::OP_OR, half, fifth),
      Q(Q::OP_AND_NOT, half, fifth),
      Q(Q::OP_FILTER, half, Q(Q::OP_OR, fifth, tenth)),
      // The shape of a search's second tier, each term named twice.
      Q(Q::OP_AND, Q(Q::OP_SCALE_WEIGHT, Q(Q::OP_OR, Q(Q::OP_AND_NOT, tenth, half), fifth), 0.0),
        Q(Q::OP_AND, Q(Q::OP_OR, Q(Q::OP_SCALE_WEIGHT, half, 0.0), tenth), fifth)),
  };
  for (const auto& query : queries) {
    const auto ours = estimatedMatches(query, index.database);
    ASSERT_TRUE(ours) << query.get_description();
    const auto matched = index.counted(query);
    EXPECT_NEAR(*ours, matched, std::max(10.0, 0.1 * matched)) << query.get_description();
  }
}

TEST(MatchEstimate, ATermNamedTwiceCountsOnce) {
  ScratchIndex index;
  const Q half("half");
  const Q fifth("fifth");
  EXPECT_NEAR(
      *estimatedMatches(Q(Q::OP_AND, half, Q(Q::OP_SCALE_WEIGHT, half, 0.0)), index.database),
      index.counted(half), 1e-6);
  EXPECT_NEAR(*estimatedMatches(Q(Q::OP_AND, Q(Q::OP_OR, half, fifth), half), index.database),
              index.counted(half), 1e-6);
  EXPECT_NEAR(*estimatedMatches(Q(Q::OP_AND_NOT, half, half), index.database), 0, 1e-6);
}

TEST(MatchEstimate, ASynonymIsHeldWhenAnyOfItsTermsIs) {
  ScratchIndex index;
  const Q prefix(Q::OP_SYNONYM, Q("fifth"), Q("tenth"));
  const auto matched = index.counted(prefix);
  EXPECT_NEAR(*estimatedMatches(prefix, index.database), matched, 0.1 * matched);
  // Named twice, in the second tier's shape, it is one leaf.
  const Q twice(Q::OP_AND, Q(Q::OP_SCALE_WEIGHT, Q(Q::OP_AND_NOT, prefix, Q("half")), 0.0),
                Q(Q::OP_OR, Q("half"), prefix));
  const auto both = index.counted(twice);
  EXPECT_NEAR(*estimatedMatches(twice, index.database), both, std::max(10.0, 0.1 * both));
}

TEST(MatchEstimate, AnEstimateIsCountedToTwoFiguresAboveAHundred) {
  EXPECT_EQ(roughly(0), 0u);
  EXPECT_EQ(roughly(7.6), 8u);
  EXPECT_EQ(roughly(99.4), 99u);
  EXPECT_EQ(roughly(212.4), 210u);
  EXPECT_EQ(roughly(2212), 2200u);
  EXPECT_EQ(roughly(131928), 130000u);
  EXPECT_EQ(roughly(996), 1000u);
}

TEST(MatchEstimate, APhraseOrAWildcardIsLeftToXapian) {
  ScratchIndex index;
  EXPECT_FALSE(estimatedMatches(Q(Q::OP_PHRASE, Q("word"), Q("other")), index.database));
  EXPECT_FALSE(estimatedMatches(Q(Q::OP_WILDCARD, "ha"), index.database));
  EXPECT_FALSE(estimatedMatches(Q(Q::OP_AND, Q("half"), Q(Q::OP_WILDCARD, "fi")), index.database));
}

TEST(MatchEstimate, MoreThanADozenDifferentTermsAreLeftToXapian) {
  ScratchIndex index;
  std::vector<Q> terms;
  for (int i = 0; i < 13; ++i) {
    terms.emplace_back("term" + std::to_string(i));
  }
  EXPECT_FALSE(estimatedMatches(Q(Q::OP_OR, terms.begin(), terms.end()), index.database));
  terms.pop_back();
  EXPECT_TRUE(estimatedMatches(Q(Q::OP_OR, terms.begin(), terms.end()), index.database));
}

}  // namespace
}  // namespace dossier::index
