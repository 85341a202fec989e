#include "export/pdf_writer.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <regex>
#include <sstream>
#include <stdlib.h>
#include <string>

#include <gtest/gtest.h>

#include "support/temp_folder.hpp"

namespace dossier::exporting {
namespace {

// A folder of its own under the system's temporary folder, removed at the end.
class Scratch : public testing::TempFolder {
 public:
  std::filesystem::path file(const std::string& name) const { return path() / name; }
};

std::string run(const std::string& command) {
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) {
    throw std::runtime_error("cannot run " + command);
  }
  std::string out;
  char buffer[65536];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) {
    out.append(buffer, n);
  }
  pclose(pipe);
  return out;
}

// The text of each page, as pdftotext reads it.
std::vector<std::string> pages(const std::filesystem::path& pdf) {
  const auto text = run("pdftotext -layout '" + pdf.string() + "' - 2>/dev/null");
  std::vector<std::string> out;
  for (std::size_t start = 0; start < text.size();) {
    const auto end = std::min(text.find('\f', start), text.size());
    out.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

std::string info(const std::filesystem::path& pdf, const std::string& field) {
  const auto text = run("pdfinfo '" + pdf.string() + "' 2>/dev/null");
  std::smatch found;
  const std::regex line(field + ":\\s*([^\\n]*)");
  return std::regex_search(text, found, line) ? found[1].str() : "";
}

std::size_t pageCount(const std::filesystem::path& pdf) {
  return std::stoul(info(pdf, "Pages"));
}

std::size_t occurrences(const std::string& text, const std::string& what) {
  std::size_t count = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) {
    ++count;
  }
  return count;
}

const std::vector<TableColumn> kColumns = {{"Reference"},
                                           {"Complainant"},
                                           {"Opened", ColumnKind::Date},
                                           {"Summary"},
                                           {"Amount", ColumnKind::Number}};

PdfLayout complaints() {
  return {"Open complaints by region",
          {{"Status", "Open"}, {"Region", "North, East"}},
          Paper::A4,
          false,
          "Generated 2026-03-01 14:05 by jsmith"};
}

void writeRows(PdfWriter& writer, int count) {
  for (int i = 0; i < count; ++i) {
    writer.row({{"C-" + std::to_string(1000 + i)},
                {"Jane O'Neil"},
                {"2026-03-01"},
                {"Noise at night"},
                {std::to_string(i) + ".50", true}});
  }
}

TEST(PdfWriter, TheTitleGeneratedAtAndFiltersAreOnTheFirstPageOnly) {
  Scratch scratch;
  const auto file = scratch.file("report.pdf");
  PdfWriter writer(file, complaints(), kColumns);
  writeRows(writer, 200);
  writer.finish();

  const auto text = pages(file);
  ASSERT_GE(text.size(), 3U);
  EXPECT_NE(text[0].find("Open complaints by region"), std::string::npos);
  EXPECT_NE(text[0].find("Generated 2026-03-01 14:05 by jsmith"), std::string::npos);
  EXPECT_NE(text[0].find("Status: Open"), std::string::npos);
  EXPECT_NE(text[0].find("Region: North, East"), std::string::npos);
  for (std::size_t page = 1; page < text.size(); ++page) {
    EXPECT_EQ(text[page].find("Open complaints"), std::string::npos) << "page " << page + 1;
    EXPECT_EQ(text[page].find("Generated"), std::string::npos) << "page " << page + 1;
    EXPECT_EQ(text[page].find("Status:"), std::string::npos) << "page " << page + 1;
  }
}

TEST(PdfWriter, TheHeaderRowIsRepeatedAtTheTopOfEveryPage) {
  Scratch scratch;
  const auto file = scratch.file("report.pdf");
  PdfWriter writer(file, complaints(), kColumns);
  writeRows(writer, 200);
  writer.finish();

  const auto text = pages(file);
  ASSERT_EQ(text.size(), pageCount(file));
  for (std::size_t page = 0; page < text.size(); ++page) {
    EXPECT_EQ(occurrences(text[page], "Complainant"), 1U) << "page " << page + 1;
    // Nothing of the table comes before it.
    EXPECT_LT(text[page].find("Complainant"), text[page].find("C-1")) << "page " << page + 1;
  }
}

TEST(PdfWriter, EveryPageSaysWhichItIsOfHowMany) {
  Scratch scratch;
  const auto file = scratch.file("report.pdf");
  PdfWriter writer(file, complaints(), kColumns);
  writeRows(writer, 200);
  writer.finish();

  const auto text = pages(file);
  const auto count = pageCount(file);
  ASSERT_EQ(text.size(), count);
  for (std::size_t page = 1; page <= count; ++page) {
    const auto footer = "Page " + std::to_string(page) + " of " + std::to_string(count);
    EXPECT_NE(text[page - 1].find(footer), std::string::npos) << footer;
  }
}

TEST(PdfWriter, EveryRowIsOnSomePageOnce) {
  Scratch scratch;
  const auto file = scratch.file("report.pdf");
  PdfWriter writer(file, complaints(), kColumns);
  writeRows(writer, 200);
  writer.finish();

  std::string all;
  for (const auto& page : pages(file)) {
    all += page;
  }
  for (int i = 0; i < 200; ++i) {
    EXPECT_EQ(occurrences(all, "C-" + std::to_string(1000 + i) + " "), 1U) << i;
  }
}

TEST(PdfWriter, LongTextWrapsWithinItsColumn) {
  Scratch scratch;
  const auto file = scratch.file("report.pdf");
  PdfWriter writer(file, complaints(), kColumns);
  const std::string summary =
      "The complainant says the parking fine was issued while the meter was out of order and "
      "asks for the fine to be cancelled and the fee refunded";
  writer.row({{"C-1"}, {"Jane O'Neil"}, {"2026-03-01"}, {summary}, {"12.50", true}});
  writer.finish();

  const auto text = pages(file).at(0);
  std::istringstream words(summary);
  for (std::string word; words >> word;) {
    EXPECT_NE(text.find(word), std::string::npos) << word;
  }
  // The first words and the last are on lines of their own.
  const auto first = text.find("The complainant");
  const auto last = text.find("refunded");
  ASSERT_NE(first, std::string::npos);
  ASSERT_NE(last, std::string::npos);
  EXPECT_NE(text.find('\n', first), text.find('\n', last));
  // A number is still on the row's first line.
  EXPECT_LT(text.find("12.50"), text.find('\n', first));
}

// Letters of any script, with the spaces pdftotext puts between Arabic letters and its direction
// marks left out.
std::string lettersOf(const std::string& text) {
  std::string letters = std::regex_replace(text, std::regex(" |\u202B|\u202C|\u200F|\u200E"), "");
  return letters;
}

TEST(PdfWriter, TextInAnyScriptSurvives) {
  Scratch scratch;
  const auto file = scratch.file("scripts.pdf");
  PdfLayout layout = complaints();
  layout.title = "Καταγγελίες — Жалобы — Müller & Søn";
  PdfWriter writer(file, layout, kColumns);
  writer.row({{"C-1"}, {"Αλέξανδρος Παπαδόπουλος"}, {}, {"Ελληνικά"}, {}});
  writer.row({{"C-2"}, {"Дмитрий Иванов"}, {}, {"Жалоба на шум"}, {}});
  writer.row({{"C-3"}, {"محمد العلي"}, {}, {"شكوى"}, {}});
  writer.row({{"C-4"}, {"Zoë Ångström-Łukasik"}, {}, {"Straße"}, {}});
  writer.finish();

  const auto text = pages(file).at(0);
  for (const char* expected :
       {"Καταγγελίες — Жалобы — Müller & Søn", "Αλέξανδρος", "Παπαδόπουλος", "Ελληνικά",
        "Дмитрий Иванов", "Жалоба на шум", "Zoë Ångström-Łukasik", "Straße"}) {
    EXPECT_NE(text.find(expected), std::string::npos) << expected;
  }
  EXPECT_NE(lettersOf(text).find("محمدالعلي"), std::string::npos) << text;
  EXPECT_NE(lettersOf(text).find("شكوى"), std::string::npos) << text;
}

bool hasFontFor(const std::string& language) {
  return !run("fc-list :lang=" + language + " family 2>/dev/null").empty();
}

TEST(PdfWriter, ChineseAndJapaneseSurviveWhereAFontHasThem) {
  if (!hasFontFor("zh") || !hasFontFor("ja")) {
    GTEST_SKIP() << "no CJK font installed (fonts-noto-cjk)";
  }
  Scratch scratch;
  const auto file = scratch.file("cjk.pdf");
  PdfWriter writer(file, complaints(), kColumns);
  writer.row({{"C-1"}, {"李小龙"}, {}, {"写真の説明"}, {}});
  writer.finish();

  const auto text = lettersOf(pages(file).at(0));
  EXPECT_NE(text.find("李小龙"), std::string::npos) << text;
  EXPECT_NE(text.find("写真の説明"), std::string::npos) << text;
}

TEST(PdfWriter, ThePaperAndItsOrientationGiveThePageSize) {
  Scratch scratch;
  const auto letter = scratch.file("letter.pdf");
  PdfLayout layout = complaints();
  layout.paper = Paper::Letter;
  layout.landscape = true;
  PdfWriter landscape(letter, layout, kColumns);
  writeRows(landscape, 3);
  landscape.finish();
  EXPECT_EQ(info(letter, "Page size"), "792 x 612 pts (letter)");

  const auto a4 = scratch.file("a4.pdf");
  PdfWriter portrait(a4, complaints(), kColumns);
  writeRows(portrait, 3);
  portrait.finish();
  EXPECT_EQ(info(a4, "Page size"), "595 x 842 pts (A4)");
}

// Where each number of the Amount column ends on the page, as pdftotext -bbox places words.
std::vector<double> rightEdgesOfNumbers(const std::filesystem::path& pdf) {
  const auto boxes = run("pdftotext -bbox '" + pdf.string() + "' - 2>/dev/null");
  const std::regex word("xMax=\"([0-9.]+)\"[^>]*>[0-9]+\\.50</word>");
  std::vector<double> edges;
  for (std::sregex_iterator it(boxes.begin(), boxes.end(), word), end; it != end; ++it) {
    edges.push_back(std::stod((*it)[1]));
  }
  return edges;
}

TEST(PdfWriter, NumbersAreRightAligned) {
  Scratch scratch;
  const auto file = scratch.file("numbers.pdf");
  PdfWriter writer(file, complaints(), kColumns);
  for (const char* amount : {"1.50", "12345.50", "300.50"}) {
    writer.row({{"C-1"}, {"Jane O'Neil"}, {}, {}, {amount, true}});
  }
  writer.finish();

  const auto edges = rightEdgesOfNumbers(file);
  ASSERT_EQ(edges.size(), 3U);
  EXPECT_NEAR(edges[0], edges[1], 0.5);
  EXPECT_NEAR(edges[0], edges[2], 0.5);
  EXPECT_NEAR(edges[0], 595 - 36 - 3, 1);  // the last column ends at the right margin
}

struct Word {
  std::string text;
  double yMin;
  double yMax;
  double width;
};

// The words of a page where pdftotext -bbox places them.
std::vector<Word> wordsOf(const std::filesystem::path& pdf, int page) {
  const auto boxes = run("pdftotext -bbox -f " + std::to_string(page) + " -l " +
                         std::to_string(page) + " '" + pdf.string() + "' - 2>/dev/null");
  const std::regex word(
      "xMin=\"([0-9.]+)\" yMin=\"([0-9.]+)\" xMax=\"([0-9.]+)\" yMax=\"([0-9.]+)\">([^<]*)</word>");
  std::vector<Word> words;
  for (std::sregex_iterator it(boxes.begin(), boxes.end(), word), end; it != end; ++it) {
    words.push_back({(*it)[5], std::stod((*it)[2]), std::stod((*it)[4]),
                     std::stod((*it)[3]) - std::stod((*it)[1])});
  }
  return words;
}

TEST(PdfWriter, ACellTallerThanAPageIsCutThereWithAnEllipsis) {
  Scratch scratch;
  const auto file = scratch.file("tall.pdf");
  PdfWriter writer(file, complaints(), kColumns);
  std::string statement;
  for (int i = 0; i < 3000; ++i) {
    statement += "word" + std::to_string(i) + " ";
  }
  writer.row({{"C-1"}, {"Jane O'Neil"}, {}, {statement}, {}});
  writer.row({{"C-2"}, {"Jane O'Neil"}, {}, {"short"}, {}});
  writer.finish();

  const auto text = pages(file);
  ASSERT_EQ(text.size(), 3U);  // the title and header; the cut row alone; the next row
  EXPECT_NE(text[1].find("C-1"), std::string::npos);
  EXPECT_NE(text[2].find("C-2"), std::string::npos);
  const auto words = wordsOf(file, 2);
  const auto footer = std::find_if(words.begin(), words.end(),
                                   [](const Word& word) { return word.text == "Page"; });
  ASSERT_NE(footer, words.end());
  for (const auto& word : words) {
    if (word.yMin < footer->yMin) {
      EXPECT_LE(word.yMax, footer->yMin) << word.text.substr(0, 40);  // nothing runs over it
    }
  }
  // What is cut is drawn as one "…", which carries the text left out for search and copy.
  const auto cut = std::find_if(words.begin(), words.end(), [](const Word& word) {
    return word.text.find("word2999") != std::string::npos;
  });
  ASSERT_NE(cut, words.end());
  EXPECT_NE(cut->text.find("word1500 "), std::string::npos);
  EXPECT_LT(cut->width, 60);
}

TEST(PdfWriter, AReportWithoutRowsSaysSoUnderItsHeader) {
  Scratch scratch;
  const auto file = scratch.file("empty.pdf");
  PdfWriter writer(file, complaints(), kColumns);
  writer.finish();

  const auto text = pages(file);
  ASSERT_EQ(text.size(), 1U);
  EXPECT_NE(text[0].find("Complainant"), std::string::npos);
  EXPECT_NE(text[0].find("No rows."), std::string::npos);
  EXPECT_NE(text[0].find("Page 1 of 1"), std::string::npos);
}

TEST(PdfWriter, TextThatIsNotUtf8IsMendedRatherThanRefused) {
  Scratch scratch;
  const auto file = scratch.file("mended.pdf");
  PdfWriter writer(file, complaints(), kColumns);
  writer.row({{"C-1"},
              {std::string("Gr\xFC\xDF"
                           "e and a \0 NUL",
                           17)},
              {},
              {},
              {}});
  writer.finish();

  EXPECT_NE(pages(file).at(0).find("Gr"), std::string::npos);
  EXPECT_NE(pages(file).at(0).find("NUL"), std::string::npos);
}

TEST(PdfWriter, RowsBeyondTheMostAPdfHoldsAreRefusedPointingToXlsxOrCsv) {
  Scratch scratch;
  PdfWriter writer(scratch.file("big.pdf"), complaints(), {{"Reference"}});
  for (std::size_t i = 0; i < PdfWriter::kMostRows; ++i) {
    writer.row({{"C"}});
  }
  try {
    writer.row({{"C"}});
    FAIL() << "row() did not throw";
  } catch (const std::length_error& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find("50,000"), std::string::npos) << message;
    EXPECT_NE(message.find("XLSX"), std::string::npos) << message;
    EXPECT_NE(message.find("CSV"), std::string::npos) << message;
  }
}

TEST(PdfWriter, ARowWithMoreCellsThanColumnsIsRefused) {
  Scratch scratch;
  PdfWriter writer(scratch.file("wide.pdf"), complaints(), {{"Only"}});
  EXPECT_THROW(writer.row({{"a"}, {"b"}}), std::invalid_argument);
}

TEST(PdfWriter, AFileThatCannotBeWrittenThrowsSayingWhere) {
  Scratch scratch;
  const auto file = scratch.file("no/such/folder/report.pdf");
  PdfWriter writer(file, complaints(), kColumns);
  writeRows(writer, 1);
  try {
    writer.finish();
    FAIL() << "finish() did not throw";
  } catch (const std::runtime_error& error) {
    EXPECT_NE(std::string(error.what()).find(file.string()), std::string::npos) << error.what();
  }
}

// Run with --gtest_also_run_disabled_tests.
TEST(PdfWriter, DISABLED_TenThousandRowsOfEightColumnsTakeAtMostFifteenSeconds) {
  Scratch scratch;
  const auto file = scratch.file("large.pdf");
  const std::vector<TableColumn> columns = {{"Reference"},
                                            {"Complainant"},
                                            {"Opened", ColumnKind::Date},
                                            {"Summary"},
                                            {"Region"},
                                            {"Amount", ColumnKind::Number},
                                            {"Changed", ColumnKind::DateTime},
                                            {"Officer"}};
  const char* names[] = {"Αλέξανδρος Παπαδόπουλος", "Дмитрий Иванов", "محمد العلي", "Jane O'Neil"};
  const auto start = std::chrono::steady_clock::now();

  PdfWriter writer(file, complaints(), columns);
  for (int i = 0; i < 10'000; ++i) {
    writer.row({{"C-" + std::to_string(100'000 + i)},
                {names[i % 4]},
                {"2026-03-" + std::to_string(10 + i % 20)},
                {i % 7 == 0 ? "The complainant says the parking fine was issued while the meter "
                              "was out of order and asks for the fine to be cancelled."
                            : "Noise at night, case " + std::to_string(i)},
                {i % 3 == 0 ? "North" : "South-East"},
                {std::to_string(i * 13 % 10'000) + ".50", true},
                {"2026-03-01 12:30"},
                {"jsmith"}});
  }
  writer.finish();

  const auto seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("10,000 rows x 8 columns: %.1f s, %zu pages, file %.1f MiB\n", seconds,
              pageCount(file),
              static_cast<double>(std::filesystem::file_size(file)) / (1024 * 1024));
  EXPECT_LE(seconds, 15);
}

}  // namespace
}  // namespace dossier::exporting
