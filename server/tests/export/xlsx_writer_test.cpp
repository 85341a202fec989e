#include "export/xlsx_writer.hpp"

#include <chrono>
#include <cstdio>
#include <fstream>
#include <memory>
#include <regex>
#include <stdlib.h>
#include <string>
#include <zip.h>

#include <gtest/gtest.h>

#include "support/temp_folder.hpp"

namespace dossier::exporting {
namespace {

// A folder of its own under the system's temporary folder, removed at the end.
class Scratch : public testing::TempFolder {
 public:
  std::filesystem::path file(const std::string& name) const { return path() / name; }
};

// A member of the workbook's zip, "" when there is none.
std::string member(const std::filesystem::path& workbook, const std::string& name) {
  int error = 0;
  const std::unique_ptr<zip_t, decltype(&zip_discard)> archive(
      zip_open(workbook.c_str(), ZIP_RDONLY, &error), &zip_discard);
  if (!archive) {
    throw std::runtime_error("not a zip: " + workbook.string());
  }
  const std::unique_ptr<zip_file_t, decltype(&zip_fclose)> file(
      zip_fopen(archive.get(), name.c_str(), 0), &zip_fclose);
  if (!file) {
    return "";
  }
  std::string out;
  char buffer[65536];
  for (zip_int64_t n; (n = zip_fread(file.get(), buffer, sizeof buffer)) > 0;) {
    out.append(buffer, static_cast<std::size_t>(n));
  }
  return out;
}

std::string sheet(const std::filesystem::path& workbook, int n) {
  return member(workbook, "xl/worksheets/sheet" + std::to_string(n) + ".xml");
}

// The <c> element of a cell, "" when there is none.
std::string cell(const std::string& sheetXml, const std::string& reference) {
  const auto start = sheetXml.find("<c r=\"" + reference + "\"");
  if (start == std::string::npos) {
    return "";
  }
  const auto end = sheetXml.find("</c>", start);
  return sheetXml.substr(start, end + 4 - start);
}

std::string between(const std::string& xml, const std::string& open, const std::string& close) {
  const auto start = xml.find(open);
  if (start == std::string::npos) {
    return "";
  }
  const auto from = start + open.size();
  return xml.substr(from, xml.find(close, from) - from);
}

std::string attribute(const std::string& element, const std::string& name) {
  return between(element, " " + name + "=\"", "\"");
}

// The number format of a cell's style, as the workbook's styles say.
std::string formatOf(const std::filesystem::path& workbook, const std::string& cellXml) {
  const auto styles = member(workbook, "xl/styles.xml");
  const auto xfs = between(styles, "<cellXfs", "</cellXfs>");
  const auto style = std::stoul(attribute(cellXml, "s").empty() ? "0" : attribute(cellXml, "s"));
  std::size_t at = 0;
  for (std::size_t i = 0; i <= style; ++i) {
    at = xfs.find("<xf ", at + 1);
  }
  const auto format = attribute(xfs.substr(at, xfs.find('>', at) - at), "numFmtId");
  return attribute(between(styles, "<numFmt numFmtId=\"" + format + "\"", "/>"), "formatCode");
}

std::vector<std::string> sheetNames(const std::filesystem::path& workbook) {
  const auto xml = member(workbook, "xl/workbook.xml");
  std::vector<std::string> names;
  const std::regex name("<sheet name=\"([^\"]*)\"");
  for (std::sregex_iterator it(xml.begin(), xml.end(), name), end; it != end; ++it) {
    names.push_back((*it)[1]);
  }
  return names;
}

const std::vector<TableColumn> kColumns = {{"Reference", ColumnKind::Text},
                                           {"Amount", ColumnKind::Number},
                                           {"Opened", ColumnKind::Date},
                                           {"Changed", ColumnKind::DateTime}};

TEST(XlsxWriter, HeaderRowIsBoldFrozenAndFiltered) {
  Scratch scratch;
  const auto file = scratch.file("cases.xlsx");
  XlsxWriter writer(file, "Cases", kColumns, {});
  writer.row({{"C-1"}, {"1", true}, {"2026-03-01"}, {"2026-03-01 12:30"}});
  writer.row({{"C-2"}, {"2", true}, {"2026-03-02"}, {"2026-03-02 08:00"}});
  writer.finish();

  const auto xml = sheet(file, 1);
  EXPECT_NE(cell(xml, "A1").find("<t>Reference</t>"), std::string::npos);
  EXPECT_NE(cell(xml, "D1").find("<t>Changed</t>"), std::string::npos);
  const auto styles = member(file, "xl/styles.xml");
  const auto xfs = between(styles, "<cellXfs", "</cellXfs>");
  const auto boldStyle = std::stoul(attribute(cell(xml, "A1"), "s"));
  std::size_t at = 0;
  for (std::size_t i = 0; i <= boldStyle; ++i) {
    at = xfs.find("<xf ", at + 1);
  }
  const auto font = std::stoul(attribute(xfs.substr(at), "fontId"));
  const auto fonts = between(styles, "<fonts", "</fonts>");
  std::size_t fontAt = 0;
  for (std::size_t i = 0; i <= font; ++i) {
    fontAt = fonts.find("<font>", fontAt + 1);
  }
  EXPECT_EQ(fonts.substr(fontAt, 9), "<font><b/");
  EXPECT_NE(xml.find("<pane ySplit=\"1\" topLeftCell=\"A2\" activePane=\"bottomLeft\" "
                     "state=\"frozen\"/>"),
            std::string::npos);
  EXPECT_NE(xml.find("<autoFilter ref=\"A1:D3\"/>"), std::string::npos);
}

TEST(XlsxWriter, ColumnsAreAsWideAsTheirLabelsAndNeverNarrowerThanADefault) {
  Scratch scratch;
  const auto file = scratch.file("widths.xlsx");
  XlsxWriter writer(
      file, "Cases",
      {{"Id"}, {"Name of the person who made the complaint"}, {"At", ColumnKind::DateTime}}, {});
  writer.finish();

  const auto xml = sheet(file, 1);
  const std::regex col("<col min=\"(\\d+)\" max=\"\\d+\" width=\"([0-9.]+)\"");
  std::vector<double> widths;
  for (std::sregex_iterator it(xml.begin(), xml.end(), col), end; it != end; ++it) {
    widths.push_back(std::stod((*it)[2]));
  }
  ASSERT_EQ(widths.size(), 3U);
  EXPECT_GE(widths[0], 12);
  EXPECT_LT(widths[0], 14);
  EXPECT_GT(widths[1], 41);  // 41 characters, bold
  EXPECT_GE(widths[2], 17);  // "2026-03-01 12:30"
}

TEST(XlsxWriter, NumbersAreWrittenAsNumbers) {
  Scratch scratch;
  const auto file = scratch.file("numbers.xlsx");
  XlsxWriter writer(file, "Cases", kColumns, {});
  writer.row({{"C-1"}, {"42.5", true}, {}, {}});
  writer.row({{"C-2"}, {"-3", true}, {}, {}});
  writer.row({{"C-3"}, {"1,5", true}, {}, {}});  // not a number after all: kept as its text
  writer.finish();

  const auto xml = sheet(file, 1);
  EXPECT_EQ(cell(xml, "B2"), "<c r=\"B2\"><v>42.5</v></c>");
  EXPECT_EQ(cell(xml, "B3"), "<c r=\"B3\"><v>-3</v></c>");
  EXPECT_EQ(attribute(cell(xml, "B4"), "t"), "inlineStr");
  EXPECT_NE(cell(xml, "B4").find("<t>1,5</t>"), std::string::npos);
}

TEST(XlsxWriter, TextThatLooksLikeAFormulaIsWrittenAsTextNeverAsAFormula) {
  Scratch scratch;
  const auto file = scratch.file("formula.xlsx");
  XlsxWriter writer(file, "Cases", kColumns, {});
  writer.row({{"=1+1"}, {}, {}, {}});
  writer.row({{"=HYPERLINK(\"http://example.com\",\"x\")"}, {}, {}, {}});
  writer.finish();

  const auto xml = sheet(file, 1);
  EXPECT_EQ(attribute(cell(xml, "A2"), "t"), "inlineStr");
  EXPECT_NE(cell(xml, "A2").find("<t>=1+1</t>"), std::string::npos);
  EXPECT_NE(cell(xml, "A3").find("<t>=HYPERLINK("), std::string::npos);
  EXPECT_EQ(xml.find("<f>"), std::string::npos);
}

TEST(XlsxWriter, DatesAreExcelDatesWithADateFormat) {
  Scratch scratch;
  const auto file = scratch.file("dates.xlsx");
  XlsxWriter writer(file, "Cases", kColumns, {});
  writer.row({{"C-1"}, {}, {"2026-03-01"}, {"2026-03-01 12:30"}});
  writer.row({{"C-2"}, {}, {"1899-12-31"}, {"not a date"}});  // before Excel's dates: text
  writer.finish();

  const auto xml = sheet(file, 1);
  // Excel counts days from 1899-12-30: 2026-03-01 is day 46082, and 12:30 is 0.5208 of a day.
  EXPECT_NE(cell(xml, "C2").find("<v>46082</v>"), std::string::npos);
  EXPECT_EQ(formatOf(file, cell(xml, "C2")), "yyyy-mm-dd");
  EXPECT_NE(cell(xml, "D2").find("<v>46082.5208333"), std::string::npos);
  EXPECT_EQ(formatOf(file, cell(xml, "D2")), "yyyy-mm-dd hh:mm");
  EXPECT_NE(cell(xml, "C3").find("<t>1899-12-31</t>"), std::string::npos);
  EXPECT_NE(cell(xml, "D3").find("<t>not a date</t>"), std::string::npos);
}

TEST(XlsxWriter, RowsPastTheSheetsLimitGoOnInANextSheetWithTheHeaderRepeated) {
  Scratch scratch;
  const auto file = scratch.file("limit.xlsx");
  XlsxWriter writer(file, "Cases", kColumns, {}, 2);
  for (int i = 1; i <= 5; ++i) {
    writer.row({{"C-" + std::to_string(i)}, {std::to_string(i), true}, {}, {}});
  }
  writer.finish();

  EXPECT_EQ(sheetNames(file), (std::vector<std::string>{"Cases", "Cases (2)", "Cases (3)"}));
  const auto first = sheet(file, 1);
  EXPECT_NE(cell(first, "A3").find("<t>C-2</t>"), std::string::npos);
  EXPECT_EQ(cell(first, "A4"), "");
  const auto second = sheet(file, 2);
  EXPECT_NE(cell(second, "A1").find("<t>Reference</t>"), std::string::npos);
  EXPECT_NE(cell(second, "A2").find("<t>C-3</t>"), std::string::npos);
  EXPECT_NE(cell(second, "A3").find("<t>C-4</t>"), std::string::npos);
  EXPECT_NE(second.find("state=\"frozen\""), std::string::npos);
  EXPECT_NE(second.find("<autoFilter ref=\"A1:D3\"/>"), std::string::npos);
  const auto third = sheet(file, 3);
  EXPECT_NE(cell(third, "A2").find("<t>C-5</t>"), std::string::npos);
  EXPECT_NE(third.find("<autoFilter ref=\"A1:D2\"/>"), std::string::npos);
}

TEST(XlsxWriter, AFullSheetStartsNoNextOneUntilARowNeedsIt) {
  Scratch scratch;
  const auto file = scratch.file("full.xlsx");
  XlsxWriter writer(file, "Cases", kColumns, {}, 2);
  writer.row({{"C-1"}, {}, {}, {}});
  writer.row({{"C-2"}, {}, {}, {}});
  writer.finish();

  EXPECT_EQ(sheetNames(file), std::vector<std::string>{"Cases"});
}

TEST(XlsxWriter, TheFiltersUsedGoOnASheetAfterTheData) {
  Scratch scratch;
  const auto file = scratch.file("filters.xlsx");
  XlsxWriter writer(file, "Cases", kColumns,
                    {{"Status", "Open"}, {"Opened from", "2026-01-01"}, {"Name", "=cmd|x"}}, 1);
  writer.row({{"C-1"}, {}, {}, {}});
  writer.row({{"C-2"}, {}, {}, {}});
  writer.finish();

  EXPECT_EQ(sheetNames(file), (std::vector<std::string>{"Cases", "Cases (2)", "Filters"}));
  const auto filters = sheet(file, 3);
  EXPECT_NE(cell(filters, "A1").find("<t>Status</t>"), std::string::npos);
  EXPECT_NE(cell(filters, "B1").find("<t>Open</t>"), std::string::npos);
  EXPECT_NE(cell(filters, "A2").find("<t>Opened from</t>"), std::string::npos);
  EXPECT_NE(cell(filters, "B2").find("<t>2026-01-01</t>"), std::string::npos);
  EXPECT_NE(cell(filters, "B3").find("<t>=cmd|x</t>"), std::string::npos);
  EXPECT_EQ(filters.find("<f>"), std::string::npos);
}

TEST(XlsxWriter, WithoutFiltersThereIsNoFiltersSheet) {
  Scratch scratch;
  const auto file = scratch.file("nofilters.xlsx");
  XlsxWriter writer(file, "Cases", kColumns, {});
  writer.row({{"C-1"}, {}, {}, {}});
  writer.finish();

  EXPECT_EQ(sheetNames(file), std::vector<std::string>{"Cases"});
}

TEST(XlsxWriter, AReportNamedFiltersKeepsItsNameAndTheFiltersSheetAnother) {
  Scratch scratch;
  const auto file = scratch.file("named.xlsx");
  XlsxWriter writer(file, "filters", kColumns, {{"Status", "Open"}});
  writer.finish();

  EXPECT_EQ(sheetNames(file), (std::vector<std::string>{"filters", "Filters used"}));
}

TEST(XlsxWriter, TheSheetNameIsMadeFitForExcel) {
  Scratch scratch;
  const auto refused = scratch.file("refused.xlsx");
  XlsxWriter first(refused, "Cases: open/closed [2026] *?\\", kColumns, {});
  first.finish();
  EXPECT_EQ(sheetNames(refused), std::vector<std::string>{"Cases open closed 2026"});

  const auto longName = scratch.file("long.xlsx");
  XlsxWriter second(longName, "Complaints received by the regional office", kColumns, {}, 1);
  second.row({{"C-1"}, {}, {}, {}});
  second.row({{"C-2"}, {}, {}, {}});
  second.finish();
  // 31 characters: 30 of the name and "…"; the next sheet keeps room for " (2)".
  EXPECT_EQ(sheetNames(longName), (std::vector<std::string>{"Complaints received by the reg…",
                                                            "Complaints received by the… (2)"}));

  const auto empty = scratch.file("empty.xlsx");
  XlsxWriter third(empty, " :: ", kColumns, {});
  third.finish();
  EXPECT_EQ(sheetNames(empty), std::vector<std::string>{"Report"});
}

TEST(XlsxWriter, TextLongerThanExcelTakesIsCutWithAnEllipsis) {
  Scratch scratch;
  const auto file = scratch.file("long.xlsx");
  XlsxWriter writer(file, "Cases", kColumns, {});
  writer.row({{std::string(40'000, 'x')}, {}, {}, {}});
  writer.row({{std::string(XlsxWriter::kMostCharactersPerCell, 'y')}, {}, {}, {}});
  writer.finish();

  const auto xml = sheet(file, 1);
  EXPECT_NE(cell(xml, "A2").find("<t>" + std::string(32'766, 'x') + "…</t>"), std::string::npos);
  EXPECT_NE(cell(xml, "A3").find("<t>" + std::string(32'767, 'y') + "</t>"), std::string::npos);
}

TEST(XlsxWriter, TextThatIsNotUtf8IsMendedRatherThanBreakingTheFile) {
  Scratch scratch;
  const auto file = scratch.file("mended.xlsx");
  XlsxWriter writer(file, "Cases", kColumns, {});
  writer.row({{"Gr\xFC\xDF"
               "e"},
              {},
              {},
              {}});
  writer.row({{"Ελληνικά, Русский, العربية"}, {}, {}, {}});
  writer.finish();

  const auto xml = sheet(file, 1);
  EXPECT_NE(cell(xml, "A2").find("<t>Gr\uFFFD\uFFFDe</t>"), std::string::npos);
  EXPECT_NE(cell(xml, "A3").find("<t>Ελληνικά, Русский, العربية</t>"), std::string::npos);
}

TEST(XlsxWriter, ARowWithMoreCellsThanColumnsIsRefused) {
  Scratch scratch;
  XlsxWriter writer(scratch.file("wide.xlsx"), "Cases", {{"Only"}}, {});
  EXPECT_THROW(writer.row({{"a"}, {"b"}}), std::invalid_argument);
}

TEST(XlsxWriter, AFileThatCannotBeCreatedIsRefusedAtOnceNamingIt) {
  Scratch scratch;
  const auto file = scratch.file("no/such/folder/cases.xlsx");
  try {
    XlsxWriter writer(file, "Cases", kColumns, {});
    FAIL() << "the writer began a file it cannot write";
  } catch (const std::runtime_error& error) {
    EXPECT_NE(std::string(error.what()).find(file.string()), std::string::npos) << error.what();
    EXPECT_NE(std::string(error.what()).find("No such file or directory"), std::string::npos)
        << error.what();
  }
}

TEST(XlsxWriter, TextWithSpacesAtItsEndsOrControlCharactersKeepsThem) {
  Scratch scratch;
  const auto file = scratch.file("spaces.xlsx");
  XlsxWriter writer(file, "Cases", kColumns, {});
  writer.row({{"  indented"}, {}, {}, {}});
  writer.row({{std::string("bell\x07 & <tab>\tend")}, {}, {}, {}});
  writer.finish();

  const auto xml = sheet(file, 1);
  EXPECT_NE(cell(xml, "A2").find("<t xml:space=\"preserve\">  indented</t>"), std::string::npos);
  EXPECT_NE(cell(xml, "A3").find("<t>bell_x0007_ &amp; &lt;tab&gt;\tend</t>"), std::string::npos)
      << cell(xml, "A3");
}

TEST(XlsxWriter, TheWorkbookNamesEachSheetsFilterRangeAsExcelDoes) {
  Scratch scratch;
  const auto file = scratch.file("ranges.xlsx");
  XlsxWriter writer(file, "Tom's cases", kColumns, {}, 2);
  for (int i = 0; i < 3; ++i) {
    writer.row({{"C"}, {}, {}, {}});
  }
  writer.finish();

  const auto workbook = member(file, "xl/workbook.xml");
  EXPECT_NE(
      workbook.find("<definedName name=\"_xlnm._FilterDatabase\" localSheetId=\"0\" "
                    "hidden=\"1\">&apos;Tom&apos;&apos;s cases&apos;!$A$1:$D$3</definedName>"),
      std::string::npos)
      << workbook;
  EXPECT_NE(
      workbook.find(
          "localSheetId=\"1\" hidden=\"1\">&apos;Tom&apos;&apos;s cases (2)&apos;!$A$1:$D$2<"),
      std::string::npos)
      << workbook;
  EXPECT_NE(member(file, "[Content_Types].xml").find("/xl/worksheets/sheet2.xml"),
            std::string::npos);
}

TEST(XlsxWriter, AWriterLeftUnfinishedWritesNothing) {
  Scratch scratch;
  const auto file = scratch.file("unfinished.xlsx");
  {
    XlsxWriter writer(file, "Cases", kColumns, {});
    writer.row({{"C-1"}, {}, {}, {}});
  }
  EXPECT_FALSE(std::filesystem::exists(file));
  EXPECT_TRUE(std::filesystem::is_empty(scratch.path()));
}

// The process's resident memory in KiB: now (VmRSS) or at its peak (VmHWM).
long memoryKiB(const std::string& which) {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);) {
    if (line.rfind(which + ":", 0) == 0) {
      return std::stol(line.substr(which.size() + 1));
    }
  }
  return -1;
}

// Run with --gtest_also_run_disabled_tests: about a minute and a gigabyte in the temporary folder.
TEST(XlsxWriter, DISABLED_AMillionRowsOfTwentyColumnsStayInBoundedMemory) {
  Scratch scratch;
  std::vector<TableColumn> columns;
  for (int i = 0; i < 20; ++i) {
    const auto kind = i % 5 == 1   ? ColumnKind::Number
                      : i % 5 == 2 ? ColumnKind::Date
                      : i % 5 == 3 ? ColumnKind::DateTime
                                   : ColumnKind::Text;
    columns.push_back({"Column " + std::to_string(i), kind});
  }
  std::ofstream("/proc/self/clear_refs") << "5";  // the peak starts again from here
  const auto before = memoryKiB("VmRSS");
  const auto start = std::chrono::steady_clock::now();

  XlsxWriter writer(scratch.file("million.xlsx"), "Cases", columns, {{"Status", "Open"}});
  std::vector<TableCell> cells(columns.size());
  for (int row = 0; row < 1'000'000; ++row) {
    for (std::size_t i = 0; i < cells.size(); ++i) {
      switch (columns[i].kind) {
        case ColumnKind::Number:
          cells[i] = {std::to_string(row * 7 % 100'000) + ".25", true};
          break;
        case ColumnKind::Date:
          cells[i] = {"2026-0" + std::to_string(1 + row % 9) + "-1" + std::to_string(row % 10)};
          break;
        case ColumnKind::DateTime:
          cells[i] = {"2025-12-2" + std::to_string(row % 10) + " 1" + std::to_string(row % 10) +
                      ":30"};
          break;
        case ColumnKind::Text:
          cells[i] = {"Case C-" + std::to_string(row) + " note " + std::to_string(i)};
          break;
      }
    }
    writer.row(cells);
  }
  writer.finish();

  const auto seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const auto growthMiB = static_cast<double>(memoryKiB("VmHWM") - before) / 1024;
  std::printf("1,000,000 rows x 20 columns: %.1f s, peak memory grew %.1f MiB, file %.0f MiB\n",
              seconds, growthMiB,
              static_cast<double>(std::filesystem::file_size(scratch.file("million.xlsx"))) /
                  (1024 * 1024));
  EXPECT_LE(seconds, 30);
  EXPECT_LE(growthMiB, 50);
  EXPECT_EQ(sheetNames(scratch.file("million.xlsx")),
            (std::vector<std::string>{"Cases", "Filters"}));
}

}  // namespace
}  // namespace dossier::exporting
