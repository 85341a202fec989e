#include "docgen/office_template.hpp"

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

TEST(OfficeTemplate, FillsEachPlaceholderWithItsValueEscapedAsXml) {
  const auto docx =
      docxOf({{"word/document.xml",
               body("<w:p><w:r><w:t>Dear {{complainant}},</w:t></w:r></w:p>"
                    "<w:p><w:r><w:t>About {{caseNumber}}: {{title}}</w:t></w:r></w:p>")},
              {"word/styles.xml", "<styles/>"}});
  auto filled = fillOfficeTemplate(
      docx,
      {{"complainant", "Ann <Lee> & Co"}, {"caseNumber", "CMP-2026-00042"}, {"title", "Noise"}});
  ASSERT_TRUE(filled.ok()) << filled.error().message;
  const auto xml = partOf(*filled, "word/document.xml");
  EXPECT_NE(xml.find("Dear Ann &lt;Lee&gt; &amp; Co,"), std::string::npos) << xml;
  EXPECT_NE(xml.find("About CMP-2026-00042: Noise"), std::string::npos) << xml;
  // What is not filled in is left as it was.
  EXPECT_EQ(partOf(*filled, "word/styles.xml"), "<styles/>");
}

TEST(OfficeTemplate, FindsAPlaceholderWordSplitAcrossRuns) {
  const auto docx = docxOf(
      {{"word/document.xml", body("<w:p><w:r><w:rPr><w:b/></w:rPr><w:t>Ref: {{case</w:t></w:r>"
                                  "<w:r><w:t>Number}} ok</w:t></w:r></w:p>")}});
  auto filled = fillOfficeTemplate(docx, {{"caseNumber", "CMP-1"}});
  ASSERT_TRUE(filled.ok());
  const auto xml = partOf(*filled, "word/document.xml");
  // The value takes the run where the placeholder starts; what followed it keeps its own run.
  EXPECT_NE(xml.find("<w:b/></w:rPr><w:t xml:space=\"preserve\">Ref: CMP-1</w:t></w:r>"
                     "<w:r><w:t xml:space=\"preserve\"> ok</w:t></w:r>"),
            std::string::npos)
      << xml;
  EXPECT_EQ(xml.find("{{"), std::string::npos);
}

TEST(OfficeTemplate, FillsHeadersAndFootersAndLeavesUnknownNamesEmpty) {
  const auto docx =
      docxOf({{"word/document.xml", body("<w:p><w:r><w:t>[{{nothing}}]</w:t></w:r></w:p>")},
              {"word/footer1.xml",
               R"(<w:ftr )" + kNamespaces +
                   "><w:p><w:r><w:t>Page for {{caseNumber}}</w:t></w:r></w:p></w:ftr>"}});
  auto filled = fillOfficeTemplate(docx, {{"caseNumber", "CMP-9"}});
  ASSERT_TRUE(filled.ok());
  EXPECT_NE(partOf(*filled, "word/document.xml").find("[]"), std::string::npos);
  EXPECT_NE(partOf(*filled, "word/footer1.xml").find("Page for CMP-9"), std::string::npos);
}

TEST(OfficeTemplate, SaysWhyAFileIsNoTemplate) {
  EXPECT_EQ(officeTemplateProblem("plain text, not a zip"),
            "it is neither a Word document (.docx) nor an OpenDocument text (.odt)");
  EXPECT_EQ(officeTemplateProblem(docxOf({{"content.xml", "<x/>"}})),
            "it is neither a Word document (.docx: no word/document.xml) nor an OpenDocument "
            "text (.odt: no content.xml, or another mimetype)");
  EXPECT_EQ(officeTemplateProblem(docxOf({{"mimetype",
                                           "application/vnd.oasis.opendocument."
                                           "spreadsheet"},
                                          {"content.xml", "<x/>"}})),
            "it is neither a Word document (.docx: no word/document.xml) nor an OpenDocument "
            "text (.odt: no content.xml, or another mimetype)");
  EXPECT_FALSE(officeTemplateProblem(docxOf({{"word/document.xml", body("")}})));
  EXPECT_FALSE(fillOfficeTemplate("not a zip", {}).ok());
}

const std::string kOdtNamespaces =
    R"(xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" )"
    R"(xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" )"
    R"(xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0")";

std::string odtOf(const std::string& text, const std::string& header) {
  return docxOf(
      {{"mimetype", "application/vnd.oasis.opendocument.text"},
       {"content.xml", R"(<?xml version="1.0" encoding="UTF-8"?><office:document-content )" +
                           kOdtNamespaces + "><office:body><office:text>" + text +
                           "</office:text></office:body></office:document-content>"},
       {"styles.xml", R"(<?xml version="1.0" encoding="UTF-8"?><office:document-styles )" +
                          kOdtNamespaces +
                          "><office:master-styles><style:master-page>"
                          "<style:header>" +
                          header +
                          "</style:header></style:master-page></office:master-styles>"
                          "</office:document-styles>"},
       {"meta.xml", "<meta/>"}});
}

TEST(OfficeTemplate, FillsAnOpenDocumentTextAndItsHeaderEvenWhereSpansSplitAPlaceholder) {
  const auto odt = odtOf(
      "<text:h>Complaint {{caseNumber}}</text:h>"
      "<text:p>Dear <text:span>{{compl</text:span><text:span>ainant}}</text:span>, about "
      "{{title}}.</text:p>"
      "<text:p>Nothing to fill.</text:p>",
      "<text:p>Ref {{caseNumber}}</text:p>");
  EXPECT_FALSE(officeTemplateProblem(odt));
  EXPECT_EQ(templateExtension(odt), ".odt");
  auto filled = fillOfficeTemplate(
      odt, {{"complainant", "Ann & Lee"}, {"caseNumber", "CMP-1"}, {"title", "Noise"}});
  ASSERT_TRUE(filled.ok()) << filled.error().message;
  const auto content = partOf(*filled, "content.xml");
  EXPECT_NE(content.find("<text:h>Complaint CMP-1</text:h>"), std::string::npos) << content;
  EXPECT_NE(
      content.find("<text:p>Dear <text:span>Ann &amp; Lee</text:span><text:span></text:span>, "
                   "about Noise.</text:p>"),
      std::string::npos)
      << content;
  EXPECT_EQ(content.find("{{"), std::string::npos) << content;
  EXPECT_NE(content.find("Nothing to fill."), std::string::npos);
  EXPECT_NE(partOf(*filled, "styles.xml").find("Ref CMP-1"), std::string::npos);
  // The mimetype stays first and as it was, as OpenDocument readers need.
  EXPECT_EQ(partOf(*filled, "mimetype"), "application/vnd.oasis.opendocument.text");
  EXPECT_EQ(partOf(*filled, "meta.xml"), "<meta/>");
}

TEST(OfficeTemplate, LeavesANoteInsideAParagraphToItsOwnParagraph) {
  const auto odt = odtOf(
      "<text:p>Before {{a}}<text:note><text:note-body><text:p>Note {{b}}</text:p>"
      "</text:note-body></text:note> after</text:p>",
      "");
  auto filled = fillOfficeTemplate(odt, {{"a", "A"}, {"b", "B"}});
  ASSERT_TRUE(filled.ok());
  const auto content = partOf(*filled, "content.xml");
  EXPECT_NE(content.find("<text:p>Before A<text:note><text:note-body><text:p>Note B</text:p>"
                         "</text:note-body></text:note> after</text:p>"),
            std::string::npos)
      << content;
}

TEST(OfficeTemplate, FillsAnHtmlTemplateWithValuesThatCanAddNoMarkup) {
  EXPECT_EQ(fillHtml("<p>Dear {{name}},</p><p>{{note}}</p>{{missing}}",
                     {{"name", "Mia <script>alert(1)</script> & \"co\""},
                      {"note", "first line\r\nsecond line"}}),
            "<p>Dear Mia &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;co&quot;,</p>"
            "<p>first line<br>second line</p>");
}

TEST(OfficeTemplate, AWordTemplateMakesADocx) {
  EXPECT_EQ(templateExtension(docxOf({{"word/document.xml", body("")}})), ".docx");
}

}  // namespace
}  // namespace dossier::docgen
