#include "export/xlsx_writer.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <stdexcept>
#include <string_view>

#include "core/text.hpp"
#include "export/excel_text.hpp"
#include "export/xlsx_package.hpp"
#include "export/zip_writer.hpp"

namespace dossier::exporting {

namespace {

constexpr std::size_t kMostColumns = 16'384;
// The XML gathered before it is handed to the zip.
constexpr std::size_t kPiece = 256 * 1024;
// A sheet whose XML passes this goes on in the next one, well before a zip member's 4 GiB.
constexpr std::uint64_t kMostSheetBytes = 3'800'000'000ULL;

using xlsx::Style;

// Excel's column width is in characters of the default font; the header is bold and carries the
// autofilter's button.
double columnWidth(const TableColumn& column) {
  const double least = column.kind == ColumnKind::DateTime ? 17 : 12;
  const double label = static_cast<double>(excel::characters(column.label)) * 1.1 + 4;
  return std::clamp(label, least, 60.0);
}

// A number as the text gave it, when it is one Excel reads: digits, a point, an exponent — not
// "1,5", "inf" or "0x10".
bool isNumber(std::string_view text) {
  double value = 0;
  const auto* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  return error == std::errc() && stop == end && std::isfinite(value);
}

void appendNumber(std::string& xml, double value) {
  char buffer[32];
  const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, value);
  xml.append(buffer, error == std::errc() ? end : buffer);
}

std::string_view styleAttribute(Style style) {
  switch (style) {
    case Style::Bold:
      return " s=\"1\"";
    case Style::Date:
      return " s=\"2\"";
    case Style::DateTime:
      return " s=\"3\"";
    case Style::Normal:
      break;
  }
  return "";
}

// <c r="B7" s="1" t="inlineStr"><is><t>text</t></is></c>
void appendTextCell(std::string& xml, std::string_view reference, std::string_view row,
                    std::string_view text, Style style, std::string& scratch) {
  xml += "<c r=\"";
  xml += reference;
  xml += row;
  xml += '"';
  xml += styleAttribute(style);
  xml += excel::needsSpacePreserved(text) ? " t=\"inlineStr\"><is><t xml:space=\"preserve\">"
                                          : " t=\"inlineStr\"><is><t>";
  excel::appendText(xml, text, scratch);
  xml += "</t></is></c>";
}

}  // namespace

XlsxWriter::XlsxWriter(const std::filesystem::path& path, std::string sheetName,
                       std::vector<TableColumn> columns, std::vector<FilterLine> filters,
                       std::size_t rowsPerSheet)
    : path_(path),
      sheetName_(excel::sheetBaseName(sheetName)),
      columns_(std::move(columns)),
      filters_(std::move(filters)),
      rowsPerSheet_(rowsPerSheet) {
  if (rowsPerSheet_ == 0 || rowsPerSheet_ > kMostRowsPerSheet) {
    throw std::invalid_argument("XlsxWriter: rowsPerSheet must be 1 to 1,048,575");
  }
  if (columns_.size() > kMostColumns) {
    throw std::invalid_argument("A spreadsheet holds at most 16,384 columns; this table has " +
                                std::to_string(columns_.size()) + ".");
  }
  for (std::size_t i = 0; i < columns_.size(); ++i) {
    letters_.push_back(xlsx::columnLetters(i));
    widths_.push_back(columnWidth(columns_[i]));
  }
  xml_.reserve(kPiece + 64 * 1024);
  zip_ = std::make_unique<ZipWriter>(path_);
}

XlsxWriter::~XlsxWriter() = default;

void XlsxWriter::flush() {
  zip_->write(xml_);
  xml_.clear();
}

void XlsxWriter::startSheet() {
  sheets_.emplace_back(excel::sheetName(sheetName_, sheets_.size() + 1), "");
  zip_->begin(xlsx::sheetPath(sheets_.size()));
  sheetOpen_ = true;
  rowsInSheet_ = 0;
  xml_ += xlsx::sheetStart(sheets_.size() == 1, true, widths_);
  xml_ += "<row r=\"1\">";
  for (std::size_t i = 0; i < columns_.size(); ++i) {
    appendTextCell(xml_, letters_[i], "1", columns_[i].label, Style::Bold, scratch_);
  }
  xml_ += "</row>";
}

void XlsxWriter::endSheet() {
  if (!columns_.empty()) {
    sheets_.back().second = "A1:" + letters_.back() + std::to_string(rowsInSheet_ + 1);
  }
  xml_ += xlsx::sheetEnd(sheets_.back().second);
  flush();
  sheetOpen_ = false;
}

void XlsxWriter::row(const std::vector<TableCell>& cells) {
  if (finished_) {
    throw std::logic_error("XlsxWriter: row() after finish()");
  }
  if (cells.size() > columns_.size()) {
    throw std::invalid_argument("XlsxWriter: a row of " + std::to_string(cells.size()) +
                                " cells for " + std::to_string(columns_.size()) + " columns");
  }
  if (!sheetOpen_ || rowsInSheet_ == rowsPerSheet_ ||
      zip_->memberSize() + xml_.size() > kMostSheetBytes) {
    if (sheetOpen_) {
      endSheet();
    }
    startSheet();
  }
  ++rowsInSheet_;
  rowNumber_ = std::to_string(rowsInSheet_ + 1);
  xml_ += "<row r=\"";
  xml_ += rowNumber_;
  xml_ += "\">";
  for (std::size_t i = 0; i < cells.size(); ++i) {
    writeCell(i, cells[i]);
  }
  xml_ += "</row>";
  if (xml_.size() >= kPiece) {
    flush();
  }
}

void XlsxWriter::writeCell(std::size_t column, const TableCell& cell) {
  if (cell.text.empty()) {
    return;
  }
  if (cell.number && isNumber(cell.text)) {
    xml_ += "<c r=\"";
    xml_ += letters_[column];
    xml_ += rowNumber_;
    xml_ += "\"><v>";
    xml_ += cell.text;
    xml_ += "</v></c>";
    return;
  }
  const auto kind = columns_[column].kind;
  if (kind == ColumnKind::Date || kind == ColumnKind::DateTime) {
    if (const auto serial = excel::serialDate(cell.text)) {
      xml_ += "<c r=\"";
      xml_ += letters_[column];
      xml_ += rowNumber_;
      xml_ += '"';
      xml_ += styleAttribute(kind == ColumnKind::Date ? Style::Date : Style::DateTime);
      xml_ += "><v>";
      appendNumber(xml_, *serial);
      xml_ += "</v></c>";
      return;
    }
  }
  appendTextCell(xml_, letters_[column], rowNumber_, cell.text, Style::Normal, scratch_);
}

void XlsxWriter::writeFilters() {
  if (filters_.empty()) {
    return;
  }
  sheets_.emplace_back(equalsIgnoringCase(sheetName_, "Filters") ? "Filters used" : "Filters", "");
  zip_->begin(xlsx::sheetPath(sheets_.size()));
  std::size_t widestLabel = 0;
  std::size_t widestText = 0;
  for (const auto& filter : filters_) {
    widestLabel = std::max(widestLabel, excel::characters(filter.label));
    widestText = std::max(widestText, excel::characters(filter.text));
  }
  xml_ += xlsx::sheetStart(false, false,
                           {std::clamp(static_cast<double>(widestLabel) * 1.1 + 2, 12.0, 40.0),
                            std::clamp(static_cast<double>(widestText) + 2, 20.0, 100.0)});
  for (std::size_t i = 0; i < filters_.size(); ++i) {
    const auto row = std::to_string(i + 1);
    xml_ += "<row r=\"" + row + "\">";
    appendTextCell(xml_, "A", row, filters_[i].label, Style::Bold, scratch_);
    appendTextCell(xml_, "B", row, filters_[i].text, Style::Normal, scratch_);
    xml_ += "</row>";
  }
  xml_ += xlsx::sheetEnd("");
  flush();
}

void XlsxWriter::finish() {
  if (finished_) {
    throw std::logic_error("XlsxWriter: finish() twice");
  }
  finished_ = true;
  if (!sheetOpen_) {
    startSheet();
  }
  endSheet();
  writeFilters();
  std::vector<xlsx::SheetEntry> entries;
  for (const auto& [name, range] : sheets_) {
    entries.push_back({name, range});
  }
  const auto put = [&](const std::string& name, const std::string& xml, bool first = false) {
    zip_->begin(name, ZipWriter::kFastest, first);
    zip_->write(xml);
  };
  put("[Content_Types].xml", xlsx::contentTypes(sheets_.size()), true);
  put("_rels/.rels", xlsx::packageRelationships());
  put("xl/workbook.xml", xlsx::workbook(entries));
  put("xl/_rels/workbook.xml.rels", xlsx::workbookRelationships(sheets_.size()));
  put("xl/styles.xml", xlsx::styles());
  zip_->finish();
}

}  // namespace dossier::exporting
