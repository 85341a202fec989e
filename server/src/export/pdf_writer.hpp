#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include "export/table.hpp"

namespace dossier::exporting {

enum class Paper { A4, Letter };

struct PdfLayout {
  std::string title;
  std::vector<FilterLine> filters;
  Paper paper = Paper::A4;
  bool landscape = false;
  // Shown under the title, e.g. "Generated 2026-03-01 14:05 by jsmith".
  std::string generatedAt;
};

// A report as a PDF table, drawn with cairo and pango in Noto Sans so that any script shows. The
// first page begins with the title, the generated-at line and the filters used; every page begins
// with the table's header row and ends with "Page X of Y". Columns share the width in proportion
// to what they hold; a cell's text wraps within its column, and a row is as tall as its tallest
// cell (a cell taller than a page is cut with "…").
//
// The rows are kept until finish(), which lays them out twice: once to count the pages, once to
// draw them. A PDF is for reading, so it holds at most kMostRows rows.
class PdfWriter {
 public:
  static constexpr std::size_t kMostRows = 50'000;

  PdfWriter(const std::filesystem::path& path, PdfLayout layout, std::vector<TableColumn> columns);

  // A row of at most as many cells as columns (missing ones are left empty). Throws
  // std::length_error past kMostRows, and std::invalid_argument for a row with more cells.
  void row(const std::vector<TableCell>& cells);
  // Writes the file; throws std::runtime_error when it cannot.
  void finish();

 private:
  std::filesystem::path path_;
  PdfLayout layout_;
  std::vector<TableColumn> columns_;
  std::vector<std::vector<TableCell>> rows_;
  bool finished_ = false;
};

}  // namespace dossier::exporting
