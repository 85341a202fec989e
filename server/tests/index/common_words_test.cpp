#include "index/common_words.hpp"

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "index/scratch_index.hpp"

namespace dossier::index {
namespace {

using namespace std::chrono_literals;
using Steady = std::chrono::steady_clock;

// A database whose documents hold the suggestion term of a type once each: `records` documents
// for the word.
void addWord(Xapian::WritableDatabase& database, const std::string& word, int records) {
  for (int i = 0; i < records; ++i) {
    Xapian::Document document;
    document.add_boolean_term("XWcase:COMP:" + word);
    database.add_document(document);
  }
  database.commit();
}

using testing::ScratchIndex;

std::vector<std::string> wordsOf(const WordCounts& counts) {
  std::vector<std::string> words;
  for (const auto& counted : counts) {
    words.push_back(counted.word);
  }
  return words;
}

TEST(CommonWords, TheCommonestWordsUnderAPrefixComeFirstHoweverLateInTheAlphabet) {
  ScratchIndex index;
  auto& database = index.database;
  addWord(database, "sa", 1);
  addWord(database, "sb", 1);
  addWord(database, "smith", 5);
  addWord(database, "szabo", 3);
  addWord(database, "taylor", 9);
  const auto counts = countCommonWords(database, "XWcase:COMP:", "s", 3);
  EXPECT_EQ(wordsOf(counts), (std::vector<std::string>{"smith", "szabo", "sa"}))
      << "most common first; among equals the first in the alphabet; no word of another letter";
  EXPECT_EQ(counts.front().records, 5u);
}

TEST(CommonWords, EveryWordUnderThePrefixIsCountedNotOnlyTheFirstThousands) {
  ScratchIndex index;
  auto& database = index.database;
  for (int i = 0; i < 5000; ++i) {
    Xapian::Document document;
    document.add_boolean_term("XWcase:COMP:s" + std::to_string(10000 + i));
    database.add_document(document);
  }
  addWord(database, "szymanski", 2);
  const auto counts = countCommonWords(database, "XWcase:COMP:", "s", CommonWords::kKept);
  ASSERT_EQ(counts.size(), CommonWords::kKept);
  EXPECT_EQ(counts.front().word, "szymanski");
}

TEST(CommonWords, AKeptCountServesUntilTheIndexMovedOnAndTheCountGrewOld) {
  ScratchIndex index;
  auto& database = index.database;
  addWord(database, "harbour", 2);
  CommonWords kept;
  const auto start = Steady::now();
  const auto first = kept.of(database, "XWcase:COMP:", "ha", start);
  EXPECT_EQ(wordsOf(*first), std::vector<std::string>{"harbour"});
  EXPECT_EQ(kept.of(database, "XWcase:COMP:", "ha", start + 1h), first)
      << "the index has not moved on: the count stands however old";

  addWord(database, "hall", 3);
  EXPECT_EQ(kept.of(database, "XWcase:COMP:", "ha", start + CommonWords::kFreshFor - 1s), first)
      << "moved on, but the count is fresh";
  const auto again = kept.of(database, "XWcase:COMP:", "ha", start + CommonWords::kFreshFor);
  EXPECT_EQ(wordsOf(*again), (std::vector<std::string>{"hall", "harbour"}));
}

TEST(CommonWords, EachTypeAndPrefixIsKeptApart) {
  ScratchIndex index;
  auto& database = index.database;
  addWord(database, "harbour", 1);
  addWord(database, "noise", 1);
  Xapian::Document person;
  person.add_boolean_term("XWperson:IND:harris");
  database.add_document(person);
  database.commit();
  CommonWords kept;
  const auto now = Steady::now();
  EXPECT_EQ(wordsOf(*kept.of(database, "XWcase:COMP:", "h", now)),
            std::vector<std::string>{"harbour"});
  EXPECT_EQ(wordsOf(*kept.of(database, "XWperson:IND:", "h", now)),
            std::vector<std::string>{"harris"});
  EXPECT_EQ(wordsOf(*kept.of(database, "XWcase:COMP:", "n", now)),
            std::vector<std::string>{"noise"});
}

}  // namespace
}  // namespace dossier::index
