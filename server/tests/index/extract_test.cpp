#include "index/extract.hpp"

#include <gtest/gtest.h>

namespace dossier::index {
namespace {

std::string extract(std::string_view text, std::string_view typed) {
  auto query = parseSearchText(typed);
  EXPECT_TRUE(query.ok()) << typed;
  KeptStems stems("english");
  return extractOf(text, ExtractWords(*query, stems));
}

std::string unmarked(std::string text) {
  for (const auto* tag : {"<mark>", "</mark>"}) {
    for (auto at = text.find(tag); at != std::string::npos; at = text.find(tag)) {
      text.erase(at, std::string_view(tag).size());
    }
  }
  return text;
}

// Bytes of text in an extract, without its marks and the … at either end.
std::size_t textLength(const std::string& extract) {
  auto text = unmarked(extract);
  const std::string ellipsis = "…";
  if (text.starts_with(ellipsis)) {
    text.erase(0, ellipsis.size());
  }
  if (text.ends_with(ellipsis)) {
    text.erase(text.size() - ellipsis.size());
  }
  return text.size();
}

TEST(SearchExtract, AShortTextIsShownWholeEscapedWithItsMatchesMarked) {
  EXPECT_EQ(extract("Heard <i>until</i> 2 & later than late", "late"),
            "Heard &lt;i&gt;until&lt;/i&gt; 2 &amp; later than <mark>late</mark>");
}

TEST(SearchExtract, AWordMarksAnyFormOfItAndCapitals) {
  EXPECT_EQ(extract("One Statement, two statements, a stated fact.", "statements"),
            "One <mark>Statement</mark>, two <mark>statements</mark>, a stated fact.");
}

TEST(SearchExtract, APrefixMarksTheWordsItBegins) {
  EXPECT_EQ(extract("The harbour, Harbridge and a hard bar.", "harb*"),
            "The <mark>harbour</mark>, <mark>Harbridge</mark> and a hard bar.");
}

TEST(SearchExtract, APhraseIsOneMarkAndItsWordsOnlyAsTyped) {
  EXPECT_EQ(extract("For fourteen nights, then one night.", "\"fourteen nights\""),
            "For <mark>fourteen nights</mark>, then one night.");
  EXPECT_EQ(extract("Mr O'Brien called.", "o'brien"), "Mr <mark>O&#39;Brien</mark> called.");
}

TEST(SearchExtract, WordsLeftOutAreNotMarkedAndNoMatchIsNoExtract) {
  EXPECT_EQ(extract("Loud music from the harbour bar.", "music -harbour"),
            "Loud <mark>music</mark> from the harbour bar.");
  EXPECT_EQ(extract("Loud music from the harbour bar.", "noise"), "");
  EXPECT_EQ(extract("", "noise"), "");
}

TEST(SearchExtract, ThePassageWithMostOfTheSearchsWordsIsChosen) {
  std::string text = "Noise at first. ";
  for (int i = 0; i < 5; ++i) {
    text += "Nothing of note happened on this day of the week. ";
  }
  text += "Then loud noise came with music from the bar. ";
  for (int i = 0; i < 12; ++i) {
    text += "Nothing of note happened on this day of the week. ";
  }
  const auto chosen = extract(text, "noise music");
  EXPECT_NE(chosen.find("<mark>noise</mark> came with <mark>music</mark>"), std::string::npos)
      << chosen;
  EXPECT_TRUE(chosen.starts_with("Then loud <mark>noise</mark>")) << chosen;
  EXPECT_TRUE(chosen.ends_with("…")) << chosen;
  EXPECT_LE(textLength(chosen), kExtractLength);
}

TEST(SearchExtract, AnExtractBeginsAtTheSentenceOfItsFirstMatchWhenNear) {
  std::string text;
  for (int i = 0; i < 4; ++i) {
    text += "Nothing of note happened on this day of the week. ";
  }
  std::string after;
  for (int i = 0; i < 8; ++i) {
    after += " Nothing of note happened on that day either.";
  }
  const auto atSentence = extract(text + "The neighbours complained twice." + after, "neighbours");
  EXPECT_TRUE(atSentence.starts_with("The <mark>neighbours</mark> complained")) << atSentence;
  EXPECT_TRUE(atSentence.ends_with("…")) << atSentence;
  const auto midSentence = extract(
      text + "In the long letter written by the residents of the street, the neighbours said." +
          after,
      "neighbours");
  EXPECT_TRUE(midSentence.starts_with("…")) << midSentence;
  EXPECT_NE(midSentence.find("the <mark>neighbours</mark> said."), std::string::npos)
      << midSentence;
}

TEST(SearchExtract, AMatchNearTheEndIsShownWithTheSentencesBeforeIt) {
  std::string text;
  for (int i = 0; i < 10; ++i) {
    text += "Nothing of note happened on this day of the week. ";
  }
  const auto found = extract(text + "The neighbours complained twice. More follows.", "neighbours");
  // Begun at a sentence, as the match's own sentence would be: no … is needed to show the cut.
  EXPECT_TRUE(found.starts_with("Nothing of note")) << found;
  EXPECT_TRUE(found.ends_with("<mark>neighbours</mark> complained twice. More follows.")) << found;
  EXPECT_LE(textLength(found), kExtractLength);
}

TEST(SearchExtract, ALongTextIsReadAroundTheFirstPlaceAWordStands) {
  std::string text;
  while (text.size() < 60'000) {
    text += "Nothing of note happened on this day of the week. ";
  }
  text += "At last the inspector came. ";
  text += std::string(3000, 'x');
  const auto found = extract(text, "inspector");
  EXPECT_EQ(found, "At last the <mark>inspector</mark> came.");
  EXPECT_LE(textLength(found), kExtractLength);
}

TEST(SearchExtract, LettersBeyondAsciiMatchInAnyCaseAndAreNeverCut) {
  std::string text = "ÖDÖN KOVÁCS-TÓTH wrote. ";
  for (int i = 0; i < 10; ++i) {
    text += "Árvíztűrő tükörfúrógép ";
  }
  text += "végül ödön.";
  const auto found = extract(text, "Ödön");
  EXPECT_TRUE(found.starts_with("<mark>ÖDÖN</mark> KOVÁCS-TÓTH")) << found;
  EXPECT_TRUE(found.ends_with("…")) << found;
  EXPECT_LE(textLength(found), kExtractLength);
  EXPECT_NE(extract(text, "ödön kovács").find("<mark>ÖDÖN KOVÁCS</mark>-TÓTH"), std::string::npos);
  // Valid UTF-8 throughout: every sequence whole.
  for (std::size_t i = 0; i < found.size();) {
    const auto byte = static_cast<unsigned char>(found[i]);
    const std::size_t length = byte < 0x80 ? 1 : byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
    ASSERT_LE(i + length, found.size()) << found;
    for (std::size_t k = 1; k < length; ++k) {
      ASSERT_EQ(static_cast<unsigned char>(found[i + k]) & 0xc0, 0x80) << found;
    }
    i += length;
  }
}

TEST(SearchExtract, ALongTextIsReadWhereANameBeyondAsciiStandsCapitalised) {
  std::string text;
  while (text.size() < 5'000) {
    text += "Nothing of note happened on this day of the week. ";
  }
  const auto capitalised = extract(text + "Then Ödön Müller called. " + text, "müller");
  EXPECT_NE(capitalised.find("Then Ödön <mark>Müller</mark> called."), std::string::npos)
      << capitalised;
  const auto capitals = extract(text + "Signed: ÖDÖN MÜLLER. " + text, "ödön");
  EXPECT_NE(capitals.find("<mark>ÖDÖN</mark> MÜLLER."), std::string::npos) << capitals;
}

TEST(SearchExtract, AWordLongerThanAnExtractIsNotShownAndCostsNoMore) {
  const std::string word(10'000, 'a');
  EXPECT_EQ(extract(word + " and more", "aa*"), "");
  const auto found = extract(word + " then noise.", "noise");
  EXPECT_EQ(found, "…then <mark>noise</mark>.") << found;
}

TEST(SearchExtract, StemsAreKeptUpToABoundThenForgottenWhole) {
  KeptStems stems("english", 3);
  EXPECT_EQ(stems.of("statements"), "statement");
  EXPECT_EQ(stems.of("nights"), "night");
  EXPECT_EQ(stems.of("statements"), "statement");
  EXPECT_EQ(stems.size(), 2u);
  stems.of("music");
  stems.of("harbours");
  EXPECT_EQ(stems.size(), 1u) << "forgotten once full, then kept again";
  EXPECT_EQ(stems.of("harbours"), "harbour");
}

}  // namespace
}  // namespace dossier::index
