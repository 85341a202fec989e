#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include <gtest/gtest.h>

#include "documents/extraction.hpp"
#include "documents/file_type.hpp"
#include "seed/sample_set.hpp"
#include "support/temp_folder.hpp"
#include "types/document_definition.hpp"

namespace dossier::seed {
namespace {

namespace fs = std::filesystem;

const fs::path kDemo = fs::path(DOSSIER_SOURCE_DIR) / "environments" / "demo";

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

// The files the demo's samples attach are what uploads are: recognised by their content as what
// their names say, and read by the same reader — the scan only by OCR.
TEST(DemoSamples, EveryFileIsRecognisedAndItsWordsAreRead) {
  ::setenv("DOSSIER_INSPECT", DOSSIER_INSPECT_PROGRAM, 1);
  auto samples = readSamples(kDemo / "samples.yaml");
  ASSERT_TRUE(samples.ok()) << samples.error().message;
  std::map<std::string, std::string> read;
  for (const auto& record : samples->records) {
    for (const auto& document : record.documents) {
      for (const auto& version : document.versions) {
        const auto file = kDemo / version.file;
        const auto name = file.filename().string();
        const auto type = documents::recogniseFile(file, name, types::kKnownDocumentTypes);
        ASSERT_TRUE(type.ok()) << name << ": " << type.error().message;
        EXPECT_EQ("." + type->extension, file.extension().string()) << name;
        const auto text = documents::extractText(file.string(), type->extension);
        ASSERT_TRUE(text.read) << name << ": " << text.message;
        read[name] = lower(text.text);
      }
    }
  }
  const std::map<std::string, std::string> words = {
      {"noise-diary.pdf", "subwoofer"},           {"notice-served-scan.pdf", "abatement"},
      {"letter-about-the-bins.docx", "greenway"}, {"vans-on-the-zig-zags.eml", "lollipop"},
      {"licence-conditions-2.0.docx", "limiter"},
  };
  for (const auto& [name, word] : words) {
    ASSERT_TRUE(read.contains(name)) << name << " is not among the samples' files";
    EXPECT_NE(read[name].find(word), std::string::npos) << name << " read as:\n" << read[name];
  }
}

TEST(DemoSamples, TheFilesStaySmall) {
  std::uintmax_t total = 0;
  for (const auto& entry : fs::directory_iterator(kDemo / "sample-files")) {
    total += entry.file_size();
  }
  EXPECT_LT(total, 300u * 1024) << "the repository keeps the samples' files small";
}

TEST(SampleSet, AProblemOfTheFileIsNamedWithItsPath) {
  testing::TempFolder folder;
  const auto file = folder.write("samples.yaml", R"(cases:
  - key: noise
    type: COMP
    documents:
      - {title: Two things, file: a.pdf, link: "https://example.org"}
      - {title: A note, location: Cabinet 3, checkedOutBy: admin}
    tasks:
      - {done: [arrange]}
notifications:
  - {user: admin, message: Hello, source: mail}
)");
  const auto samples = readSamples(file);
  ASSERT_FALSE(samples.ok());
  const auto& message = samples.error().message;
  EXPECT_NE(message.find("cases[0].documents[0].file: a document is one of: file"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("cases[0].documents[1].checkedOutBy: only a file can be checked out"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("cases[0].tasks[0].task: is required"), std::string::npos) << message;
  EXPECT_NE(message.find("notifications[0].source: what it comes from: role, macro or task"),
            std::string::npos)
      << message;
}

}  // namespace
}  // namespace dossier::seed
