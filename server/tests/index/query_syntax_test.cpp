#include "index/query_syntax.hpp"

#include <gtest/gtest.h>

namespace dossier::index {
namespace {

using Kind = QueryClause::Kind;

ParsedQuery parsed(std::string_view text) {
  auto query = parseSearchText(text);
  EXPECT_TRUE(query.ok());
  return query.ok() ? query.value() : ParsedQuery{};
}

TEST(QuerySyntax, WordsAreSeparateClausesThatMustAllMatch) {
  const auto query = parsed("  loud   music\tharbour ");
  ASSERT_EQ(query.clauses.size(), 3u);
  EXPECT_EQ(query.clauses[0].text, "loud");
  EXPECT_EQ(query.clauses[1].text, "music");
  EXPECT_EQ(query.clauses[2].text, "harbour");
  for (const auto& clause : query.clauses) {
    EXPECT_EQ(clause.kind, Kind::Word);
    EXPECT_FALSE(clause.excluded);
  }
}

TEST(QuerySyntax, QuotedWordsAreOnePhrase) {
  const auto query = parsed(R"(noise "harbour bar" night)");
  ASSERT_EQ(query.clauses.size(), 3u);
  EXPECT_EQ(query.clauses[1].kind, Kind::Phrase);
  EXPECT_EQ(query.clauses[1].text, "harbour bar");
}

TEST(QuerySyntax, AnUnclosedQuoteRunsToTheEnd) {
  const auto query = parsed(R"(noise "harbour bar)");
  ASSERT_EQ(query.clauses.size(), 2u);
  EXPECT_EQ(query.clauses[1].kind, Kind::Phrase);
  EXPECT_EQ(query.clauses[1].text, "harbour bar");
}

TEST(QuerySyntax, ATrailingStarMakesAPrefix) {
  const auto query = parsed("harb* CMP-2026-0004**");
  ASSERT_EQ(query.clauses.size(), 2u);
  EXPECT_EQ(query.clauses[0].kind, Kind::Prefix);
  EXPECT_EQ(query.clauses[0].text, "harb");
  EXPECT_EQ(query.clauses[1].kind, Kind::Prefix);
  EXPECT_EQ(query.clauses[1].text, "CMP-2026-0004");
}

TEST(QuerySyntax, ALeadingDashLeavesAWordOrPhraseOut) {
  const auto query = parsed(R"(noise -music -"late night" well-known)");
  ASSERT_EQ(query.clauses.size(), 4u);
  EXPECT_TRUE(query.clauses[1].excluded);
  EXPECT_EQ(query.clauses[1].text, "music");
  EXPECT_TRUE(query.clauses[2].excluded);
  EXPECT_EQ(query.clauses[2].kind, Kind::Phrase);
  EXPECT_FALSE(query.clauses[3].excluded) << "a dash inside a word is part of it";
  EXPECT_EQ(query.clauses[3].text, "well-known");
  EXPECT_TRUE(query.hasRequired());
}

TEST(QuerySyntax, LoneMarksAndPunctuationAreIgnored) {
  EXPECT_TRUE(parsed("- * & \"\" ...").empty());
  EXPECT_TRUE(parsed("   ").empty());
  EXPECT_TRUE(parsed("").empty());
}

TEST(QuerySyntax, OnlyExcludedWordsHaveNothingRequired) {
  const auto query = parsed("-noise");
  ASSERT_EQ(query.clauses.size(), 1u);
  EXPECT_FALSE(query.hasRequired());
}

TEST(QuerySyntax, LettersOfAnyAlphabetAreWords) {
  const auto query = parsed("Zoë Łukasz Ωμέγα");
  EXPECT_EQ(query.clauses.size(), 3u);
}

TEST(QuerySyntax, TheHighlightedTermsAreTheWordsNotLeftOut) {
  const auto query = parsed(R"(noise -music "harbour bar" harb*)");
  EXPECT_EQ(query.highlightTerms(), (std::vector<std::string>{"noise", "harbour", "bar", "harb"}));
}

TEST(QuerySyntax, TextOfAThousandCharactersIsAcceptedAndLongerIsRefused) {
  EXPECT_TRUE(parseSearchText(std::string(1000, 'a')).ok());
  // Characters, not bytes: a thousand é are two thousand bytes.
  std::string accents;
  for (int i = 0; i < 1000; ++i) {
    accents += "é";
  }
  EXPECT_TRUE(parseSearchText(accents).ok());
  const auto refused = parseSearchText(std::string(1001, 'a'));
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().code, "index.too_long");
  EXPECT_EQ(refused.error().message,
            "The search text is too long: at most 1000 characters, please.");
}

TEST(QuerySyntax, AClauseTypedTwiceCountsOnce) {
  EXPECT_EQ(parsed("harb* harb* harb* noise noise -bar -bar").clauses.size(), 3u);
}

TEST(QuerySyntax, ASearchTooBroadToRunInBoundedTimeIsRefusedSayingWhatToChange) {
  const auto oneLetter = parseSearchText("h*");
  ASSERT_FALSE(oneLetter.ok());
  EXPECT_EQ(oneLetter.error().code, "index.too_broad");
  EXPECT_EQ(oneLetter.error().message,
            "Type at least 2 letters before a *: 'h*' would stand for too many words.");
  EXPECT_TRUE(parseSearchText("ha*").ok());

  EXPECT_TRUE(parseSearchText("ab* cd* ef* gh* ij*").ok());
  const auto prefixes = parseSearchText("ab* cd* ef* gh* ij* kl*");
  ASSERT_FALSE(prefixes.ok());
  EXPECT_EQ(prefixes.error().message,
            "This search has too many words ending in *: at most 5, please.");

  std::string many;
  for (int i = 0; i < 33; ++i) {
    many += "word" + std::to_string(i) + " ";
  }
  const auto words = parseSearchText(many);
  ASSERT_FALSE(words.ok());
  EXPECT_EQ(words.error().message, "This search has too many words: at most 32, please.");
  // The attack that froze the server: a thousand characters of one-letter wildcards.
  std::string wildcards;
  while (wildcards.size() < 990) {
    wildcards += "s* t* ";
  }
  EXPECT_FALSE(parseSearchText(wildcards).ok());
}

TEST(QuerySyntax, TheWordBeingTypedIsTheLastOne) {
  const auto typed = lastTypedWord("loud harb");
  EXPECT_EQ(typed.before, "loud ");
  EXPECT_EQ(typed.word, "harb");
  EXPECT_EQ(lastTypedWord("harb").before, "");
  EXPECT_EQ(lastTypedWord("harb").word, "harb");
  EXPECT_EQ(lastTypedWord(R"("harbour b)").word, "b");
}

TEST(QuerySyntax, TextEndingInASpaceHasNoWordBeingTyped) {
  EXPECT_EQ(lastTypedWord("loud ").word, "");
  EXPECT_EQ(lastTypedWord("").word, "");
}

}  // namespace
}  // namespace dossier::index
