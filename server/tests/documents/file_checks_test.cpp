#include "documents/file_checks.hpp"

#include <gtest/gtest.h>

namespace dossier::documents {
namespace {

std::string refusal(std::string_view name) {
  const auto checked = checkFileName(name);
  return checked.ok() ? "" : checked.error().message;
}

TEST(FileNames, OrdinaryNamesInAnyAlphabetAreAccepted) {
  EXPECT_TRUE(checkFileName("Letter to Ms Okafor.docx").ok());
  EXPECT_TRUE(checkFileName("Zeugenaussage Müller (2).pdf").ok());
  EXPECT_TRUE(checkFileName("写真.jpg").ok());
  EXPECT_TRUE(checkFileName(".profile").ok());
}

TEST(FileNames, ANameIsNeverAPath) {
  EXPECT_EQ(refusal("../../etc/passwd"), "A file's name cannot contain / or \\: rename the file.");
  EXPECT_EQ(refusal("C:\\Users\\x.doc"), "A file's name cannot contain / or \\: rename the file.");
  EXPECT_EQ(refusal(".."), "'..' is not a file name: rename the file.");
  EXPECT_EQ(refusal(". ."), "'. .' is not a file name: rename the file.");
}

TEST(FileNames, ControlCharactersBrokenTextAndEmptyNamesAreRefused) {
  EXPECT_EQ(refusal(std::string("report\n.pdf")),
            "The file name contains a control character (U+000A) at position 7; remove it.");
  EXPECT_EQ(refusal(std::string("a\0b.pdf", 7)),
            "The file name contains a control character (U+0000) at position 2; remove it.");
  EXPECT_EQ(refusal("caf\xC3"), "The file's name is not valid text: rename the file.");
  EXPECT_EQ(refusal("\xC0\xAF.pdf"), "The file's name is not valid text: rename the file.");
  EXPECT_EQ(refusal(""), "The file has no name.");
}

TEST(FileNames, InvisibleCharactersAreRefusedSayingWhichAndWhere) {
  // Shown as "Invoiceexe.pdf": a program passing for a PDF.
  const auto override = checkFileName("Invoice\u202Efdp.exe");
  ASSERT_FALSE(override.ok());
  EXPECT_EQ(override.error().code, "documents.hidden_character");
  EXPECT_EQ(override.error().message,
            "The file name contains an invisible character (U+202E RIGHT-TO-LEFT OVERRIDE) at "
            "position 8; remove it.");
  EXPECT_EQ(override.error().fieldErrors.at("ExtRefFilename"), override.error().message);
  EXPECT_EQ(refusal("in\u200Bvoice.pdf"),
            "The file name contains an invisible character (U+200B ZERO WIDTH SPACE) at position "
            "3; remove it.");
  EXPECT_EQ(refusal("\u2067note.txt"),
            "The file name contains an invisible character (U+2067 RIGHT-TO-LEFT ISOLATE) at "
            "position 1; remove it.");
  EXPECT_EQ(refusal("note\u0085.txt"),
            "The file name contains a control character (U+0085) at position 5; remove it.");
}

TEST(ShownText, ATitleIsCheckedLikeAFileNameUnderItsOwnField) {
  EXPECT_TRUE(checkShownText("Witness statement — Müller", "title", "Title").ok());
  const auto refused = checkShownText("Witness\u200D statement", "title", "Title");
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().kind, ErrorKind::BadRequest);
  EXPECT_EQ(refused.error().fieldErrors.at("Title"),
            "The title contains an invisible character (U+200D ZERO WIDTH JOINER) at position 8; "
            "remove it.");
}

TEST(FileNames, AreAtMost255Characters) {
  EXPECT_TRUE(checkFileName(std::string(251, 'a') + ".pdf").ok());
  EXPECT_EQ(refusal(std::string(296, 'a') + ".pdf"),
            "The file's name is too long: at most 255 characters, please rename the file.");
  // Characters, not bytes.
  std::string accented;
  for (int i = 0; i < 250; ++i) {
    accented += "é";
  }
  EXPECT_TRUE(checkFileName(accented + ".pdf").ok());
}

TEST(FileSizes, AnEmptyFileOrOneOverTheLimitIsRefused) {
  constexpr std::uint64_t limit = 10 * 1024 * 1024;
  EXPECT_TRUE(checkFileSize(1, limit).ok());
  EXPECT_TRUE(checkFileSize(limit, limit).ok());
  EXPECT_EQ(checkFileSize(0, limit).error().message, "The file is empty.");
  const auto large = checkFileSize(limit + 1, limit);
  EXPECT_EQ(large.error().kind, ErrorKind::PayloadTooLarge);
  EXPECT_EQ(large.error().message, "The file is too large: at most 10 MB.");
}

TEST(FileNames, TheExtensionIsReadInLowerCase) {
  EXPECT_EQ(extensionOf("Scan.PDF"), "pdf");
  EXPECT_EQ(extensionOf("archive.tar.gz"), "gz");
  EXPECT_EQ(extensionOf("README"), "");
  EXPECT_EQ(extensionOf(".profile"), "");
  EXPECT_EQ(extensionOf("trailing."), "");
}

}  // namespace
}  // namespace dossier::documents
