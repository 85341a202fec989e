#include "seed/document_files.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "core/crypto.hpp"
#include "documents/extraction.hpp"
#include "documents/file_type.hpp"

namespace dossier::seed {
namespace {

namespace fs = std::filesystem;

// What the seed generates is what people upload: recognised by its content and read by the same
// reader.
class GeneratedFiles : public ::testing::Test {
 protected:
  fs::path folder = fs::temp_directory_path() / ("dossier-generated-" + randomHex(6));
  void SetUp() override {
    fs::create_directories(folder);
    ::setenv("DOSSIER_INSPECT", DOSSIER_INSPECT_PROGRAM, 1);
  }
  void TearDown() override { fs::remove_all(folder); }

  fs::path write(const std::string& name, const std::string& content) {
    std::ofstream(folder / name, std::ios::binary) << content;
    return folder / name;
  }
};

TEST_F(GeneratedFiles, APdfOfManyLinesIsAPdfOfSeveralPagesWhoseTextIsRead) {
  std::vector<std::string> lines;
  for (int i = 0; i < 100; ++i) {
    lines.push_back("Line " + std::to_string(i) + " about the (harbour) wall.");
  }
  const auto file = write("a.pdf", pdfOf("Site report", lines));
  EXPECT_EQ(documents::recogniseFile(file, "a.pdf", {"pdf"})->extension, "pdf");
  const auto read = documents::extractText(file.string(), "pdf");
  ASSERT_TRUE(read.read) << read.message;
  EXPECT_NE(read.text.find("Site report"), std::string::npos);
  EXPECT_NE(read.text.find("Line 99 about the (harbour) wall."), std::string::npos) << read.text;
}

TEST_F(GeneratedFiles, AWordDocumentIsRecognisedAndRead) {
  const auto file = write("a.docx", docxOf({"Dear Ms Okafor,", "Noise & music <after> midnight."}));
  const auto type = documents::recogniseFile(file, "a.docx", {"docx"});
  ASSERT_TRUE(type.ok()) << type.error().message;
  const auto read = documents::extractText(file.string(), "docx");
  ASSERT_TRUE(read.read) << read.message;
  EXPECT_EQ(read.text, "Dear Ms Okafor,\nNoise & music <after> midnight.");
}

TEST_F(GeneratedFiles, TheSameSeedGivesTheSameFiles) {
  DocumentGenerator one(7);
  DocumentGenerator two(7);
  for (int i = 0; i < 20; ++i) {
    const auto a = one.next();
    const auto b = two.next();
    EXPECT_EQ(a.fileName, b.fileName);
    EXPECT_EQ(a.content, b.content);
  }
}

TEST_F(GeneratedFiles, TheScannedNoticeIsAPngPicture) {
  const auto file = write("scan.png", std::string(scannedNoticePng()));
  EXPECT_EQ(documents::recogniseFile(file, "scan.png", {"png"})->extension, "png");
}

}  // namespace
}  // namespace dossier::seed
