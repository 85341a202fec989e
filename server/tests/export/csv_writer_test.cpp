#include "export/csv_writer.hpp"

#include <gtest/gtest.h>

namespace dossier::exporting {
namespace {

std::string written(const std::vector<std::vector<TableCell>>& rows) {
  std::string out;
  CsvWriter csv([&](std::string_view piece) { out += piece; });
  for (const auto& row : rows) {
    csv.row(row);
  }
  csv.finish();
  return out;
}

TEST(CsvWriter, BeginsWithAByteOrderMarkAndEndsEachRecordWithCrLf) {
  EXPECT_EQ(written({{{"a", false}, {"1", true}}, {{"b", false}, {"2.5", true}}}),
            "\xEF\xBB\xBF"
            "a,1\r\nb,2.5\r\n");
}

TEST(CsvWriter, QuotesAFieldWithACommaAQuoteOrALineBreakAndDoublesItsQuotes) {
  EXPECT_EQ(written({{{"Smith, Jo", false}, {"said \"no\"", false}, {"two\nlines", false}}}),
            "\xEF\xBB\xBF\"Smith, Jo\",\"said \"\"no\"\"\",\"two\nlines\"\r\n");
}

TEST(CsvWriter, TextThatASpreadsheetWouldRunIsWrittenAfterAnApostrophe) {
  for (const char* text : {"=1+1", "+1", "-2+3", "@SUM(A1)", "\tx", "\rx"}) {
    const auto out = written({{{text, false}}});
    EXPECT_EQ(out.substr(3, 2), "\"'") << text;
  }
  // A negative number is a number, not a formula.
  EXPECT_EQ(written({{{"-2", true}}}), "\xEF\xBB\xBF-2\r\n");
}

TEST(CsvWriter, HandsItsOutputOverInPiecesNotAllAtOnce) {
  int pieces = 0;
  CsvWriter csv([&](std::string_view) { ++pieces; });
  for (int i = 0; i < 10'000; ++i) {
    csv.row({{"a row of some length to fill the buffer", false}});
  }
  EXPECT_GT(pieces, 1);
  csv.finish();
}

}  // namespace
}  // namespace dossier::exporting
