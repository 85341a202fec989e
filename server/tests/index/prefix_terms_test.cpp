#include "index/prefix_terms.hpp"

#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "index/scratch_index.hpp"

namespace dossier::index {
namespace {

using Q = Xapian::Query;

// "harbour" on 30,000 entries (its posting list runs to many chunks, which the expansion must
// jump over), "harbours" on 300, "harbor" on 30, "harbinger" on 3, and words around them.
struct ScratchIndex : testing::ScratchIndex {
  ScratchIndex() {
    // Each term, on every how-many-th entry.
    const std::pair<const char*, int> every[] = {
        {"harbour", 1}, {"harbours", 100}, {"harbor", 1000}, {"harbinger", 10000},
        {"hare", 7},    {"harc", 9},       {"hara", 11}};
    for (int i = 0; i < 30000; ++i) {
      Xapian::Document document;
      for (const auto& [term, step] : every) {
        if (i % step == 0) {
          document.add_term(term);
        }
      }
      database.add_document(document);
    }
    database.commit();
  }

  std::vector<std::string> termsOf(const Q& query) {
    return {query.get_unique_terms_begin(), query.get_unique_terms_end()};
  }

  std::vector<Xapian::docid> matched(const Q& query) {
    Xapian::Enquire enquire(database);
    enquire.set_query(query);
    std::vector<Xapian::docid> out;
    for (const auto& id : enquire.get_mset(0, database.get_doccount())) {
      out.push_back(id);
    }
    return out;
  }
};

TEST(PrefixTerms, APrefixStandsForEveryTermStartingWithIt) {
  ScratchIndex index;
  const auto expanded = termsStartingWith(index.database, "harb", 100);
  EXPECT_EQ(index.termsOf(expanded),
            (std::vector<std::string>{"harbinger", "harbor", "harbour", "harbours"}));
  // The entries Xapian's own expansion matches, in the same order.
  EXPECT_EQ(index.matched(expanded),
            index.matched(Q(Q::OP_WILDCARD, "harb", 100, Q::WILDCARD_LIMIT_MOST_FREQUENT)));
}

TEST(PrefixTerms, PastTheLimitTheCommonestAreKept) {
  ScratchIndex index;
  EXPECT_EQ(index.termsOf(termsStartingWith(index.database, "harb", 2)),
            (std::vector<std::string>{"harbour", "harbours"}));
  EXPECT_EQ(index.termsOf(termsStartingWith(index.database, "har", 3)),
            (std::vector<std::string>{"harbour", "harc", "hare"}));
}

TEST(PrefixTerms, AWholeTermIsItsOwnPrefixAndNoTermMatchesNothing) {
  ScratchIndex index;
  EXPECT_EQ(index.termsOf(termsStartingWith(index.database, "harbours", 100)),
            (std::vector<std::string>{"harbours"}));
  EXPECT_TRUE(index.matched(termsStartingWith(index.database, "harz", 100)).empty());
  EXPECT_TRUE(index.matched(termsStartingWith(index.database, "zzz", 100)).empty());
}

}  // namespace
}  // namespace dossier::index
