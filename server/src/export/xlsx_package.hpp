#pragma once

#include <string>
#include <vector>

// The parts of an Excel workbook besides its sheets' rows (ECMA-376, SpreadsheetML): what a
// package holds, its relationships, the workbook and its styles.
namespace dossier::exporting::xlsx {

// The cell styles of styles(), by their index.
enum class Style { Normal = 0, Bold = 1, Date = 2, DateTime = 3 };

struct SheetEntry {
  std::string name;
  // The autofilter's range on this sheet ("A1:D3"), empty for none.
  std::string filterRange;
};

std::string contentTypes(std::size_t sheets);
std::string packageRelationships();
std::string workbook(const std::vector<SheetEntry>& sheets);
std::string workbookRelationships(std::size_t sheets);
std::string styles();
// The path in the package of the n-th sheet, from 1.
std::string sheetPath(std::size_t n);

// A sheet's XML before its rows: the first row frozen or not, the columns' widths.
std::string sheetStart(bool selected, bool freezeHeader, const std::vector<double>& widths);
// After its rows: the autofilter over filterRange, if any.
std::string sheetEnd(const std::string& filterRange);

// A column's letters: 0 is A, 26 is AA.
std::string columnLetters(std::size_t column);

}  // namespace dossier::exporting::xlsx
