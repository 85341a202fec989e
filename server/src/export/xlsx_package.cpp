#include "export/xlsx_package.hpp"

#include <charconv>

#include "export/excel_text.hpp"

namespace dossier::exporting::xlsx {

namespace {

constexpr const char* kDeclaration =
    "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n";
constexpr const char* kMain = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
constexpr const char* kRelationships =
    "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
constexpr const char* kPackageRelationships =
    "http://schemas.openxmlformats.org/package/2006/relationships";

std::string number(double value) {
  char buffer[32];
  const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, value);
  return error == std::errc() ? std::string(buffer, end) : "0";
}

// 'Name'!$A$1:$D$3, the sheet's name quoted as a formula quotes it.
std::string absoluteRange(const std::string& sheet, const std::string& range) {
  std::string quoted = "'";
  for (const char c : sheet) {
    quoted += c;
    if (c == '\'') {
      quoted += '\'';
    }
  }
  quoted += "'!";
  for (std::size_t i = 0; i < range.size(); ++i) {
    const char c = range[i];
    const bool startsPart = i == 0 || range[i - 1] == ':';
    const bool digitAfterLetter =
        c >= '0' && c <= '9' && i > 0 && range[i - 1] >= 'A' && range[i - 1] <= 'Z';
    if (startsPart || digitAfterLetter) {
      quoted += '$';
    }
    quoted += c;
  }
  return quoted;
}

}  // namespace

std::string sheetPath(std::size_t n) {
  return "xl/worksheets/sheet" + std::to_string(n) + ".xml";
}

std::string columnLetters(std::size_t column) {
  std::string letters;
  for (std::size_t n = column + 1; n > 0; n = (n - 1) / 26) {
    letters.insert(letters.begin(), static_cast<char>('A' + (n - 1) % 26));
  }
  return letters;
}

std::string contentTypes(std::size_t sheets) {
  std::string xml = kDeclaration;
  xml +=
      "<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\">"
      "<Default Extension=\"rels\" "
      "ContentType=\"application/vnd.openxmlformats-package.relationships+xml\"/>"
      "<Default Extension=\"xml\" ContentType=\"application/xml\"/>"
      "<Override PartName=\"/xl/workbook.xml\" "
      "ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml\"/>"
      "<Override PartName=\"/xl/styles.xml\" "
      "ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml\"/>";
  for (std::size_t n = 1; n <= sheets; ++n) {
    xml += "<Override PartName=\"/" + sheetPath(n) +
           "\" ContentType=\"application/"
           "vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml\"/>";
  }
  return xml + "</Types>";
}

std::string packageRelationships() {
  return std::string(kDeclaration) + "<Relationships xmlns=\"" + kPackageRelationships +
         "\"><Relationship Id=\"rId1\" Type=\"" + kRelationships +
         "/officeDocument\" Target=\"xl/workbook.xml\"/></Relationships>";
}

std::string workbook(const std::vector<SheetEntry>& sheets) {
  std::string xml = kDeclaration;
  xml += std::string("<workbook xmlns=\"") + kMain + "\" xmlns:r=\"" + kRelationships +
         "\"><workbookPr/><bookViews><workbookView/></bookViews><sheets>";
  for (std::size_t i = 0; i < sheets.size(); ++i) {
    xml += "<sheet name=\"";
    excel::appendAttribute(xml, sheets[i].name);
    xml +=
        "\" sheetId=\"" + std::to_string(i + 1) + "\" r:id=\"rId" + std::to_string(i + 1) + "\"/>";
  }
  xml += "</sheets>";
  std::string names;
  for (std::size_t i = 0; i < sheets.size(); ++i) {
    if (sheets[i].filterRange.empty()) {
      continue;
    }
    // Excel keeps each sheet's autofilter range under this hidden name.
    names += "<definedName name=\"_xlnm._FilterDatabase\" localSheetId=\"" + std::to_string(i) +
             "\" hidden=\"1\">";
    excel::appendAttribute(names, absoluteRange(sheets[i].name, sheets[i].filterRange));
    names += "</definedName>";
  }
  if (!names.empty()) {
    xml += "<definedNames>" + names + "</definedNames>";
  }
  return xml + "<calcPr calcId=\"124519\" fullCalcOnLoad=\"1\"/></workbook>";
}

std::string workbookRelationships(std::size_t sheets) {
  std::string xml =
      std::string(kDeclaration) + "<Relationships xmlns=\"" + kPackageRelationships + "\">";
  for (std::size_t n = 1; n <= sheets; ++n) {
    xml += "<Relationship Id=\"rId" + std::to_string(n) + "\" Type=\"" + kRelationships +
           "/worksheet\" Target=\"worksheets/sheet" + std::to_string(n) + ".xml\"/>";
  }
  xml += "<Relationship Id=\"rId" + std::to_string(sheets + 1) + "\" Type=\"" + kRelationships +
         "/styles\" Target=\"styles.xml\"/>";
  return xml + "</Relationships>";
}

std::string styles() {
  // Indexes of cellXfs as Style names them: normal, bold, a date, a date and time.
  return std::string(kDeclaration) + "<styleSheet xmlns=\"" + kMain +
         "\"><numFmts count=\"2\">"
         "<numFmt numFmtId=\"164\" formatCode=\"yyyy-mm-dd\"/>"
         "<numFmt numFmtId=\"165\" formatCode=\"yyyy-mm-dd hh:mm\"/></numFmts>"
         "<fonts count=\"2\">"
         "<font><sz val=\"11\"/><name val=\"Calibri\"/><family val=\"2\"/></font>"
         "<font><b/><sz val=\"11\"/><name val=\"Calibri\"/><family val=\"2\"/></font></fonts>"
         "<fills count=\"2\"><fill><patternFill patternType=\"none\"/></fill>"
         "<fill><patternFill patternType=\"gray125\"/></fill></fills>"
         "<borders count=\"1\"><border><left/><right/><top/><bottom/><diagonal/></border>"
         "</borders>"
         "<cellStyleXfs count=\"1\">"
         "<xf numFmtId=\"0\" fontId=\"0\" fillId=\"0\" borderId=\"0\"/></cellStyleXfs>"
         "<cellXfs count=\"4\">"
         "<xf numFmtId=\"0\" fontId=\"0\" fillId=\"0\" borderId=\"0\" xfId=\"0\"/>"
         "<xf numFmtId=\"0\" fontId=\"1\" fillId=\"0\" borderId=\"0\" xfId=\"0\" "
         "applyFont=\"1\"/>"
         "<xf numFmtId=\"164\" fontId=\"0\" fillId=\"0\" borderId=\"0\" xfId=\"0\" "
         "applyNumberFormat=\"1\"/>"
         "<xf numFmtId=\"165\" fontId=\"0\" fillId=\"0\" borderId=\"0\" xfId=\"0\" "
         "applyNumberFormat=\"1\"/></cellXfs>"
         "<cellStyles count=\"1\"><cellStyle name=\"Normal\" xfId=\"0\" builtinId=\"0\"/>"
         "</cellStyles><dxfs count=\"0\"/></styleSheet>";
}

std::string sheetStart(bool selected, bool freezeHeader, const std::vector<double>& widths) {
  std::string xml = kDeclaration;
  xml += std::string("<worksheet xmlns=\"") + kMain + "\" xmlns:r=\"" + kRelationships +
         "\"><sheetViews><sheetView" + (selected ? " tabSelected=\"1\"" : "") +
         " workbookViewId=\"0\">";
  if (freezeHeader) {
    xml +=
        "<pane ySplit=\"1\" topLeftCell=\"A2\" activePane=\"bottomLeft\" state=\"frozen\"/>"
        "<selection pane=\"bottomLeft\"/>";
  }
  xml += "</sheetView></sheetViews><sheetFormatPr defaultRowHeight=\"15\"/>";
  if (!widths.empty()) {
    xml += "<cols>";
    for (std::size_t i = 0; i < widths.size(); ++i) {
      const auto n = std::to_string(i + 1);
      xml += "<col min=\"" + n + "\" max=\"" + n + "\" width=\"" + number(widths[i]) +
             "\" customWidth=\"1\"/>";
    }
    xml += "</cols>";
  }
  return xml + "<sheetData>";
}

std::string sheetEnd(const std::string& filterRange) {
  std::string xml = "</sheetData>";
  if (!filterRange.empty()) {
    xml += "<autoFilter ref=\"" + filterRange + "\"/>";
  }
  return xml +
         "<pageMargins left=\"0.7\" right=\"0.7\" top=\"0.75\" bottom=\"0.75\" header=\"0.3\" "
         "footer=\"0.3\"/></worksheet>";
}

}  // namespace dossier::exporting::xlsx
