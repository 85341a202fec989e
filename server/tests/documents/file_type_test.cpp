#include "documents/file_type.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "core/crypto.hpp"

namespace dossier::documents {
namespace {

namespace fs = std::filesystem;

class FileTypeTest : public ::testing::Test {
 protected:
  fs::path folder = fs::temp_directory_path() / ("dossier-types-" + randomHex(6));
  std::vector<std::string> allowed = {"pdf", "docx", "txt", "png", "csv"};

  void SetUp() override {
    fs::create_directories(folder);
    ::setenv("DOSSIER_INSPECT", DOSSIER_INSPECT_PROGRAM, 1);
  }
  void TearDown() override { fs::remove_all(folder); }

  fs::path write(const std::string& name, const std::string& content) {
    const auto path = folder / name;
    std::ofstream(path, std::ios::binary) << content;
    return path;
  }
};

TEST_F(FileTypeTest, AFileIsWhatItsContentSays) {
  const auto pdf = write("a", "%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
  const auto type = recogniseFile(pdf, "Report.pdf", allowed);
  ASSERT_TRUE(type.ok()) << type.error().message;
  EXPECT_EQ(type->extension, "pdf");
  EXPECT_EQ(type->mediaType, "application/pdf");
  const auto png =
      write("b", std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\1\0\0\0\1\x08\x02\0\0\0", 33));
  EXPECT_EQ(recogniseFile(png, "photo.PNG", allowed)->extension, "png");
}

TEST_F(FileTypeTest, PlainTextMayBeNamedAsTextOrCsv) {
  const auto text = write("c", "name,town\nOkafor,Leeds\n");
  EXPECT_EQ(recogniseFile(text, "list.csv", allowed)->extension, "csv");
  EXPECT_EQ(recogniseFile(text, "list.txt", allowed)->extension, "txt");
}

TEST_F(FileTypeTest, ANameThatDisagreesWithTheContentIsRefused) {
  const auto text = write("d", "only words here");
  const auto type = recogniseFile(text, "Scan.pdf", allowed);
  ASSERT_FALSE(type.ok());
  EXPECT_EQ(type.error().code, "documents.file_type_mismatch");
  EXPECT_EQ(type.error().message,
            "The file Scan.pdf is named .pdf but its content is .txt. Rename it to end .txt or "
            "choose the right file.");
}

TEST_F(FileTypeTest, ContentOfATypeNotAllowedIsRefusedWhateverItsName) {
  auto program = std::string(
                     "\x7f"
                     "ELF\x02\x01\x01",
                     7) +
                 std::string(120, '\0');
  const auto type = recogniseFile(write("e", program), "notes.txt", allowed);
  ASSERT_FALSE(type.ok());
  EXPECT_EQ(type.error().code, "documents.file_type");
  EXPECT_EQ(type.error().kind, ErrorKind::UnsupportedMediaType);
}

TEST_F(FileTypeTest, AnInspectorThatCannotRunRefusesTheFileRatherThanGuessing) {
  ::setenv("DOSSIER_INSPECT", "/nonexistent/dossier-inspect", 1);
  const auto type = recogniseFile(write("f", "words"), "a.txt", allowed);
  ASSERT_FALSE(type.ok());
  EXPECT_EQ(type.error().code, "documents.file_unreadable");
}

}  // namespace
}  // namespace dossier::documents
