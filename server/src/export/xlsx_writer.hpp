#pragma once

#include <cstddef>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "export/table.hpp"

namespace dossier::exporting {

class ZipWriter;

// An Excel workbook written row by row: each row's XML goes straight into the workbook's zip,
// deflated as it comes, so memory does not grow with the rows and nothing is written twice. The
// file appears at `path` when finish() puts it in place.
//
// The data sheet is named from sheetName, made fit for Excel (at most 31 characters, none of
// []:*?/\). Its header row is bold, frozen and filtered. Numbers are written as numbers, the cells
// of Date and DateTime columns as dates with a date format, all else as text — never a formula.
// Text is cut at Excel's 32,767 characters with "…". A sheet full at Excel's 1,048,576 rows goes
// on in "<name> (2)", header repeated, and so on (as does one whose XML nears the 4 GiB a zip
// member holds); the filters used go on a sheet "Filters" after the data sheets.
class XlsxWriter {
 public:
  // Excel's 1,048,576 rows a sheet, less the header.
  static constexpr std::size_t kMostRowsPerSheet = 1'048'575;
  // What Excel takes in a cell, counted in UTF-16 units as Excel counts.
  static constexpr std::size_t kMostCharactersPerCell = 32'767;

  // rowsPerSheet is Excel's limit; tests lower it to see rows go on in a next sheet.
  XlsxWriter(const std::filesystem::path& path, std::string sheetName,
             std::vector<TableColumn> columns, std::vector<FilterLine> filters,
             std::size_t rowsPerSheet = kMostRowsPerSheet);
  // Throws std::runtime_error naming the file when it cannot be created. Without finish(),
  // nothing is left.
  ~XlsxWriter();
  XlsxWriter(const XlsxWriter&) = delete;
  XlsxWriter& operator=(const XlsxWriter&) = delete;

  // A row of at most as many cells as columns (missing ones are left empty). Throws
  // std::invalid_argument for a row with more cells, std::runtime_error when the disk refuses.
  void row(const std::vector<TableCell>& cells);
  // Writes the rest of the workbook and puts the file in place; throws std::runtime_error when it
  // cannot.
  void finish();

 private:
  void startSheet();
  void endSheet();
  void writeFilters();
  void writeCell(std::size_t column, const TableCell& cell);
  void flush();

  std::filesystem::path path_;
  std::string sheetName_;
  std::vector<TableColumn> columns_;
  std::vector<FilterLine> filters_;
  std::size_t rowsPerSheet_;
  std::unique_ptr<ZipWriter> zip_;
  // Each sheet's name and its autofilter's range, in order.
  std::vector<std::pair<std::string, std::string>> sheets_;
  std::vector<std::string> letters_;
  std::vector<double> widths_;
  bool sheetOpen_ = false;
  bool finished_ = false;
  // Rows written in the current sheet below its header.
  std::size_t rowsInSheet_ = 0;
  // The current row's number as text, and the XML not yet handed to the zip.
  std::string rowNumber_;
  std::string xml_;
  std::string scratch_;
};

}  // namespace dossier::exporting
