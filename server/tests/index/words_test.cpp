#include "index/words.hpp"

#include <gtest/gtest.h>

namespace dossier::index {
namespace {

using Words = std::vector<std::string>;

TEST(IndexWords, CapitalsBeyondAsciiAreLowerCasedAsTheIndexStoresThem) {
  EXPECT_EQ(wordsOf("ÖDÖN KOVÁCS"), (Words{"ödön", "kovács"}));
  EXPECT_EQ(wordsOf("Ödön Kovács"), (Words{"ödön", "kovács"}));
  EXPECT_EQ(wordsOf("ŁUKASZ ŻÓŁW, ΑΘΗΝΑ"), (Words{"łukasz", "żółw", "αθηνα"}));
}

TEST(IndexWords, PunctuationAndSpacesOfAnyKindSeparateWords) {
  EXPECT_EQ(wordsOf("O'Brien-Smith"), (Words{"o", "brien", "smith"}));
  // A no-break space and an en dash are not letters.
  EXPECT_EQ(wordsOf("Anne\u00a0Marie\u2013Tóth"), (Words{"anne", "marie", "tóth"}));
  EXPECT_EQ(wordsOf("  "), Words{});
}

TEST(IndexWords, TheFirstLettersOfAWordAreWholeCharacters) {
  EXPECT_EQ(firstLetters("ödön", 3), "ödö");
  EXPECT_EQ(firstLetters("őrs", 3), "őrs");
  EXPECT_EQ(firstLetters("ab", 3), "ab");
  EXPECT_EQ(letterCount("ödön"), 4u);
  EXPECT_EQ(letterCount("margaret"), 8u);
}

}  // namespace
}  // namespace dossier::index
