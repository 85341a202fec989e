#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include "export/table.hpp"

// libxlsxwriter's types, declared here so that users of the writer do not include the C library.
struct lxw_workbook;
struct lxw_worksheet;
struct lxw_format;

namespace dossier::exporting {

// An Excel workbook written row by row in libxlsxwriter's constant-memory mode: each row goes to a
// temporary file in the system's temporary folder as soon as the next one begins, so memory does
// not grow with the rows; the workbook itself is put together at finish().
//
// The data sheet is named from sheetName, made fit for Excel (at most 31 characters, none of
// []:*?/\). Its header row is bold, frozen and filtered. Numbers are written as numbers, the cells
// of Date and DateTime columns as dates with a date format, all else as text — never a formula.
// Text is cut at Excel's 32,767 characters with "…". A sheet full at Excel's 1,048,576 rows goes
// on in "<name> (2)", header repeated, and so on; the filters used go on a sheet "Filters" after
// the data sheets.
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
  // Without finish(), nothing is written and the temporary files are removed.
  ~XlsxWriter();
  XlsxWriter(const XlsxWriter&) = delete;
  XlsxWriter& operator=(const XlsxWriter&) = delete;

  // A row of at most as many cells as columns (missing ones are left empty). Throws
  // std::invalid_argument for a row with more cells, std::runtime_error when libxlsxwriter refuses.
  void row(const std::vector<TableCell>& cells);
  // Puts the workbook together and writes the file; throws std::runtime_error with libxlsxwriter's
  // message when it cannot.
  void finish();

 private:
  void startSheet();
  void endSheet();
  void writeFilters();
  void writeCell(std::size_t column, const TableCell& cell);
  void abandon();

  std::filesystem::path path_;
  std::string temporaryFolder_;
  std::string sheetName_;
  std::vector<TableColumn> columns_;
  std::vector<FilterLine> filters_;
  std::size_t rowsPerSheet_;
  lxw_workbook* workbook_ = nullptr;
  std::vector<lxw_worksheet*> sheets_;
  lxw_format* bold_ = nullptr;
  lxw_format* date_ = nullptr;
  lxw_format* dateTime_ = nullptr;
  // Rows written in the current sheet below its header.
  std::size_t rowsInSheet_ = 0;
  std::string scratch_;
};

}  // namespace dossier::exporting
