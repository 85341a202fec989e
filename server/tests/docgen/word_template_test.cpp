#include "docgen/word_template.hpp"

#include <cstdlib>
#include <cstring>
#include <zip.h>

#include <gtest/gtest.h>

namespace dossier::docgen {
namespace {

// A .docx with the parts given, made in memory as Word would store it (a zip archive).
std::string docxOf(const std::vector<std::pair<std::string, std::string>>& parts) {
  zip_error_t error;
  zip_error_init(&error);
  zip_source_t* source = zip_source_buffer_create(nullptr, 0, 0, &error);
  zip_source_keep(source);
  zip_t* archive = zip_open_from_source(source, ZIP_TRUNCATE, &error);
  for (const auto& [name, text] : parts) {
    zip_source_t* part = zip_source_buffer(archive, text.data(), text.size(), 0);
    zip_file_add(archive, name.c_str(), part, ZIP_FL_OVERWRITE);
  }
  zip_close(archive);
  zip_stat_t stat;
  zip_source_open(source);
  zip_source_stat(source, &stat);
  std::string out(stat.size, '\0');
  zip_source_read(source, out.data(), stat.size);
  zip_source_close(source);
  zip_source_free(source);
  zip_error_fini(&error);
  return out;
}

std::string partOf(const std::string& docx, const char* name) {
  zip_error_t error;
  zip_error_init(&error);
  zip_source_t* source = zip_source_buffer_create(docx.data(), docx.size(), 0, &error);
  zip_t* archive = zip_open_from_source(source, ZIP_RDONLY, &error);
  zip_error_fini(&error);
  if (archive == nullptr) {
    zip_source_free(source);
    return "(not a zip)";
  }
  zip_stat_t stat;
  zip_stat(archive, name, 0, &stat);
  zip_file_t* file = zip_fopen(archive, name, 0);
  std::string text(stat.size, '\0');
  zip_fread(file, text.data(), stat.size);
  zip_fclose(file);
  zip_discard(archive);
  return text;
}

const std::string kNamespaces =
    R"(xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main")";

std::string body(const std::string& paragraphs) {
  return R"(<?xml version="1.0" encoding="UTF-8"?><w:document )" + kNamespaces + "><w:body>" +
         paragraphs + "</w:body></w:document>";
}

TEST(WordTemplate, FillsEachPlaceholderWithItsValueEscapedAsXml) {
  const auto docx =
      docxOf({{"word/document.xml",
               body("<w:p><w:r><w:t>Dear {{complainant}},</w:t></w:r></w:p>"
                    "<w:p><w:r><w:t>About {{caseNumber}}: {{title}}</w:t></w:r></w:p>")},
              {"word/styles.xml", "<styles/>"}});
  auto filled = fillWordTemplate(
      docx,
      {{"complainant", "Ann <Lee> & Co"}, {"caseNumber", "CMP-2026-00042"}, {"title", "Noise"}});
  ASSERT_TRUE(filled.ok()) << filled.error().message;
  const auto xml = partOf(*filled, "word/document.xml");
  EXPECT_NE(xml.find("Dear Ann &lt;Lee&gt; &amp; Co,"), std::string::npos) << xml;
  EXPECT_NE(xml.find("About CMP-2026-00042: Noise"), std::string::npos) << xml;
  // What is not filled in is left as it was.
  EXPECT_EQ(partOf(*filled, "word/styles.xml"), "<styles/>");
}

TEST(WordTemplate, FindsAPlaceholderWordSplitAcrossRuns) {
  const auto docx = docxOf(
      {{"word/document.xml", body("<w:p><w:r><w:rPr><w:b/></w:rPr><w:t>Ref: {{case</w:t></w:r>"
                                  "<w:r><w:t>Number}} ok</w:t></w:r></w:p>")}});
  auto filled = fillWordTemplate(docx, {{"caseNumber", "CMP-1"}});
  ASSERT_TRUE(filled.ok());
  const auto xml = partOf(*filled, "word/document.xml");
  EXPECT_NE(xml.find("Ref: CMP-1 ok"), std::string::npos) << xml;
  EXPECT_EQ(xml.find("{{"), std::string::npos);
}

TEST(WordTemplate, FillsHeadersAndFootersAndLeavesUnknownNamesEmpty) {
  const auto docx =
      docxOf({{"word/document.xml", body("<w:p><w:r><w:t>[{{nothing}}]</w:t></w:r></w:p>")},
              {"word/footer1.xml",
               R"(<w:ftr )" + kNamespaces +
                   "><w:p><w:r><w:t>Page for {{caseNumber}}</w:t></w:r></w:p></w:ftr>"}});
  auto filled = fillWordTemplate(docx, {{"caseNumber", "CMP-9"}});
  ASSERT_TRUE(filled.ok());
  EXPECT_NE(partOf(*filled, "word/document.xml").find("[]"), std::string::npos);
  EXPECT_NE(partOf(*filled, "word/footer1.xml").find("Page for CMP-9"), std::string::npos);
}

TEST(WordTemplate, SaysWhyAFileIsNoTemplate) {
  EXPECT_EQ(wordTemplateProblem("plain text, not a zip"), "it is not a Word document (.docx)");
  EXPECT_EQ(wordTemplateProblem(docxOf({{"content.xml", "<x/>"}})),
            "it is not a Word document (.docx): it has no word/document.xml");
  EXPECT_FALSE(wordTemplateProblem(docxOf({{"word/document.xml", body("")}})));
  EXPECT_FALSE(fillWordTemplate("not a zip", {}).ok());
}

}  // namespace
}  // namespace dossier::docgen
