#include "core/text.hpp"

#include <gtest/gtest.h>

namespace dossier {
namespace {

std::string hidden(std::string_view text) {
  const auto found = findHiddenCharacter(text);
  return found ? describeCharacter(*found) + " at " + std::to_string(found->position) : "";
}

TEST(HiddenCharacters, OrdinaryTextInAnyScriptHasNone) {
  EXPECT_EQ(hidden("Letter to Ms Okafor.docx"), "");
  EXPECT_EQ(hidden("Zeugenaussage Müller (2).pdf"), "");
  EXPECT_EQ(hidden("写真.jpg"), "");
  EXPECT_EQ(hidden("تقرير.pdf"), "");  // right-to-left letters are not controls
  EXPECT_EQ(hidden("Budget – 2026 €.xlsx"), "");
  EXPECT_EQ(hidden(""), "");
}

TEST(HiddenCharacters, BidirectionalControlsAreNamedWithTheirPosition) {
  // "report" + RIGHT-TO-LEFT OVERRIDE + "fdp.exe" shows as "reportexe.pdf".
  EXPECT_EQ(hidden("report\u202Efdp.exe"), "U+202E RIGHT-TO-LEFT OVERRIDE at 7");
  EXPECT_EQ(hidden("a\u202Ab"), "U+202A LEFT-TO-RIGHT EMBEDDING at 2");
  EXPECT_EQ(hidden("\u2066x"), "U+2066 LEFT-TO-RIGHT ISOLATE at 1");
  EXPECT_EQ(hidden("x\u2069"), "U+2069 POP DIRECTIONAL ISOLATE at 2");
  EXPECT_EQ(hidden("x\u200Ey"), "U+200E LEFT-TO-RIGHT MARK at 2");
  EXPECT_EQ(hidden("x\u200Fy"), "U+200F RIGHT-TO-LEFT MARK at 2");
  EXPECT_EQ(hidden("x\u061Cy"), "U+061C ARABIC LETTER MARK at 2");
}

TEST(HiddenCharacters, ZeroWidthCharactersAreFound) {
  EXPECT_EQ(hidden("in\u200Bvoice.pdf"), "U+200B ZERO WIDTH SPACE at 3");
  EXPECT_EQ(hidden("a\u200Cb"), "U+200C ZERO WIDTH NON-JOINER at 2");
  EXPECT_EQ(hidden("a\u200Db"), "U+200D ZERO WIDTH JOINER at 2");
  EXPECT_EQ(hidden("a\u2060b"), "U+2060 WORD JOINER at 2");
  EXPECT_EQ(hidden("\uFEFFnote.txt"), "U+FEFF ZERO WIDTH NO-BREAK SPACE at 1");
}

TEST(HiddenCharacters, PositionsCountCharactersNotBytes) {
  EXPECT_EQ(hidden("éé\u200Bé"), "U+200B ZERO WIDTH SPACE at 3");
  EXPECT_EQ(hidden("写真写真\u202E"), "U+202E RIGHT-TO-LEFT OVERRIDE at 5");
}

TEST(HiddenCharacters, ControlCharactersOfC0AndC1AreFound) {
  EXPECT_EQ(hidden("report\n.pdf"), "U+000A at 7");
  EXPECT_EQ(hidden(std::string("a\0b", 3)), "U+0000 at 2");
  EXPECT_EQ(hidden("a\x7F"), "U+007F at 2");
  EXPECT_EQ(hidden("a\u0085b"), "U+0085 at 2");
  EXPECT_EQ(hidden("a\u009Bb"), "U+009B at 2");
}

TEST(ByteSizes, AreWrittenInTheUnitPeopleRead) {
  EXPECT_EQ(formatByteSize(0), "0 bytes");
  EXPECT_EQ(formatByteSize(1), "1 byte");
  EXPECT_EQ(formatByteSize(900), "900 bytes");
  EXPECT_EQ(formatByteSize(1024), "1 KiB");
  EXPECT_EQ(formatByteSize(1536), "1.5 KiB");
  EXPECT_EQ(formatByteSize(10ULL << 30), "10 GiB");
  EXPECT_EQ(formatByteSize(100ULL << 30), "100 GiB");
  EXPECT_EQ(formatByteSize((1ULL << 30) + (1ULL << 29)), "1.5 GiB");
  EXPECT_EQ(formatByteSize(1ULL << 40), "1 TiB");
  EXPECT_EQ(formatByteSize(1ULL << 50), "1024 TiB");  // the largest unit a setting is written in
}

TEST(TrimmedText, LosesSpacesTabsAndLineEndsAtEitherEndOnly) {
  EXPECT_EQ(trimmedText("  CMP-2026-00004 \t\r\n"), "CMP-2026-00004");
  EXPECT_EQ(trimmedText("Monday  caseload"), "Monday  caseload");
  EXPECT_EQ(trimmedText(" \t\n "), "");
  EXPECT_EQ(trimmedText(""), "");
}

}  // namespace
}  // namespace dossier
