#include "documents/extraction.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "core/crypto.hpp"

namespace dossier::documents {
namespace {

namespace fs = std::filesystem;

const fs::path kFixtures = fs::path(DOSSIER_SOURCE_DIR) / "server/tests/documents/fixtures";

class Extraction : public ::testing::Test {
 protected:
  void SetUp() override { ::setenv("DOSSIER_INSPECT", DOSSIER_INSPECT_PROGRAM, 1); }

  static ExtractionOutcome read(const std::string& name) {
    const auto extension = fs::path(name).extension().string().substr(1);
    return extractText((kFixtures / name).string(), extension);
  }
};

// Each format's text, as a search would need it: every fixture holds words found nowhere else.
TEST_F(Extraction, ReadsTheTextOfEachKindOfFile) {
  const std::vector<std::pair<std::string, std::vector<std::string>>> cases = {
      {"inspection-report.pdf", {"extractor fan defective", "kitchen floor was clean"}},
      {"witness-statement.docx", {"Witness statement of Ms Okafor.", "drumming past midnight"}},
      {"fees.xlsx", {"Licence fee", "Late payment surcharge", "450"}},
      {"briefing.pptx", {"Briefing on the harbour inquiry", "Next steps: interviews"}},
      {"decision.odt", {"Decision", "The licence is granted with conditions."}},
      {"objections.ods", {"Mr Lindqvist"}},
      {"notice.html", {"Road closed on Friday & Saturday – detour via Mill Street."}},
      {"complaint.eml", {"Subject: Noise from the bar", "Café next door agrees."}},
  };
  for (const auto& [file, phrases] : cases) {
    const auto outcome = read(file);
    ASSERT_TRUE(outcome.read) << file << ": " << outcome.message;
    for (const auto& phrase : phrases) {
      EXPECT_NE(outcome.text.find(phrase), std::string::npos)
          << file << " lacks '" << phrase << "' in:\n"
          << outcome.text;
    }
  }
}

TEST_F(Extraction, LeavesOutWhatIsNotText) {
  const auto html = read("notice.html");
  EXPECT_EQ(html.text.find("alert"), std::string::npos) << "scripts are not text";
  EXPECT_EQ(html.text.find("color"), std::string::npos) << "styles are not text";
  EXPECT_EQ(html.text.find("hidden"), std::string::npos) << "comments are not text";
  const auto mail = read("complaint.eml");
  EXPECT_EQ(mail.text.find("JVBERi0"), std::string::npos) << "attachments are not the mail's text";
  const auto sheet = read("fees.xlsx");
  EXPECT_EQ(sheet.text.find("\n0 "), std::string::npos) << "shared-string indexes are not text";
}

TEST_F(Extraction, ReadsAMessageToldAsTextAndAsHtmlOnce) {
  const auto file = fs::temp_directory_path() / ("dossier-mail-" + randomHex(4) + ".eml");
  std::ofstream(file, std::ios::binary)
      << "Subject: Your complaint\r\nMIME-Version: 1.0\r\n"
         "Content-Type: multipart/mixed; boundary=\"m\"\r\n\r\n"
         "--m\r\nContent-Type: multipart/alternative; boundary=\"a\"\r\n\r\n"
         "--a\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\nWe have your complaint.\r\n"
         "--a\r\nContent-Type: text/html; charset=UTF-8\r\nContent-Transfer-Encoding: "
         "base64\r\n\r\n"
      << base64Encode("<p>We have your complaint.</p>")
      << "\r\n--a--\r\n--m\r\nContent-Type: text/plain\r\n"
         "Content-Disposition: attachment; filename=\"x.txt\"\r\n\r\nAttached words\r\n--m--\r\n";
  const auto outcome = extractText(file.string(), "eml");
  fs::remove(file);
  ASSERT_TRUE(outcome.read) << outcome.message;
  const auto first = outcome.text.find("We have your complaint.");
  ASSERT_NE(first, std::string::npos) << outcome.text;
  EXPECT_EQ(outcome.text.find("We have your complaint.", first + 1), std::string::npos)
      << outcome.text;
  EXPECT_EQ(outcome.text.find("Attached words"), std::string::npos) << outcome.text;
}

TEST_F(Extraction, ReadsScannedPagesAndPicturesWithOcr) {
  for (const auto* file : {"scanned-notice.png", "scanned-notice.pdf"}) {
    const auto outcome = read(file);
    ASSERT_TRUE(outcome.read) << file << ": " << outcome.message;
    EXPECT_NE(outcome.text.find("abatement notice"), std::string::npos) << file << ":\n"
                                                                        << outcome.text;
  }
}

TEST_F(Extraction, AFileThatCannotBeReadSaysWhy) {
  const auto broken = fs::temp_directory_path() / ("dossier-broken-" + randomHex(4) + ".docx");
  std::ofstream(broken) << "not a zip archive";
  const auto outcome = extractText(broken.string(), "docx");
  fs::remove(broken);
  EXPECT_FALSE(outcome.read);
  EXPECT_EQ(outcome.message, "the file is not a zip archive that can be read: Not a zip archive");
}

TEST_F(Extraction, AZipMadeToInflateWithoutEndIsNotRead) {
  // 130 KB that would inflate to 130 MB: refused before it is inflated.
  const auto outcome = read("oversized-part.docx");
  EXPECT_FALSE(outcome.read);
  EXPECT_EQ(outcome.message, "the file holds no docx content that can be read");
}

TEST_F(Extraction, AnInspectorThatCannotRunIsReported) {
  ::setenv("DOSSIER_INSPECT", "/nonexistent/dossier-inspect", 1);
  const auto outcome = read("notice.html");
  EXPECT_FALSE(outcome.read);
  EXPECT_EQ(outcome.message, "the reader of files (dossier-inspect) could not be started");
}

}  // namespace
}  // namespace dossier::documents
