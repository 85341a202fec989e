#include "export/xlsx_writer.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <xlsxwriter.h>

namespace dossier::exporting {

namespace {

constexpr std::size_t kMostSheetNameUnits = 31;
constexpr std::size_t kMostColumns = 16'384;
constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD
constexpr std::string_view kEllipsis = "\xE2\x80\xA6";     // U+2026

struct CodePoint {
  char32_t value;
  std::size_t length;
  bool valid;
};

bool continuation(std::string_view text, std::size_t at, unsigned char low = 0x80,
                  unsigned char high = 0xBF) {
  if (at >= text.size()) {
    return false;
  }
  const auto byte = static_cast<unsigned char>(text[at]);
  return byte >= low && byte <= high;
}

// The code point at `at`. What Excel cannot read — an ill-formed sequence, a NUL (which would end
// the C string libxlsxwriter takes), U+FFFE and U+FFFF (not XML) — is not valid; an ill-formed
// sequence is taken one byte at a time, each to become one U+FFFD.
CodePoint decode(std::string_view text, std::size_t at) {
  const auto lead = static_cast<unsigned char>(text[at]);
  const auto bits = [&](std::size_t i) {
    return static_cast<char32_t>(static_cast<unsigned char>(text[at + i]) & 0x3F);
  };
  if (lead < 0x80) {
    return {lead, 1, lead != 0};
  }
  if (lead >= 0xC2 && lead <= 0xDF && continuation(text, at + 1)) {
    return {(static_cast<char32_t>(lead & 0x1F) << 6) | bits(1), 2, true};
  }
  if (lead >= 0xE0 && lead <= 0xEF) {
    const unsigned char low = lead == 0xE0 ? 0xA0 : 0x80;
    const unsigned char high = lead == 0xED ? 0x9F : 0xBF;
    if (continuation(text, at + 1, low, high) && continuation(text, at + 2)) {
      const char32_t value = (static_cast<char32_t>(lead & 0x0F) << 12) | (bits(1) << 6) | bits(2);
      return {value, 3, value != 0xFFFE && value != 0xFFFF};
    }
  }
  if (lead >= 0xF0 && lead <= 0xF4) {
    const unsigned char low = lead == 0xF0 ? 0x90 : 0x80;
    const unsigned char high = lead == 0xF4 ? 0x8F : 0xBF;
    if (continuation(text, at + 1, low, high) && continuation(text, at + 2) &&
        continuation(text, at + 3)) {
      return {
          (static_cast<char32_t>(lead & 0x07) << 18) | (bits(1) << 12) | (bits(2) << 6) | bits(3),
          4, true};
    }
  }
  return {0xFFFD, 1, false};
}

// Excel counts characters in UTF-16 units: one beyond the Basic Multilingual Plane is two.
std::size_t units(const CodePoint& point) {
  return point.valid && point.value > 0xFFFF ? 2 : 1;
}

// `text` as Excel takes it: what it cannot read replaced by U+FFFD, and cut with "…" to at most
// `most` units. Returns `text` itself when it is fine as it is (most cells), else `fixed`.
const std::string& fitted(const std::string& text, std::size_t most, std::string& fixed) {
  std::size_t total = 0;
  bool clean = true;
  for (std::size_t at = 0; at < text.size();) {
    const auto point = decode(text, at);
    clean = clean && point.valid;
    total += units(point);
    at += point.length;
  }
  if (clean && total <= most) {
    return text;
  }
  const bool cut = total > most;
  const std::size_t room = cut ? most - 1 : total;
  fixed.clear();
  std::size_t used = 0;
  for (std::size_t at = 0; at < text.size();) {
    const auto point = decode(text, at);
    if (used + units(point) > room) {
      break;
    }
    if (point.valid) {
      fixed.append(text, at, point.length);
    } else {
      fixed += kReplacement;
    }
    used += units(point);
    at += point.length;
  }
  if (cut) {
    fixed += kEllipsis;
  }
  return fixed;
}

std::size_t characters(const std::string& text) {
  std::size_t count = 0;
  for (std::size_t at = 0; at < text.size(); ++count) {
    at += decode(text, at).length;
  }
  return count;
}

// The name as Excel takes it: none of []:*?/\ or control characters (each becomes a space, and
// spaces do not run together), no apostrophe at either end, not Excel's reserved "History".
std::string sheetBaseName(const std::string& wanted) {
  std::string name;
  for (const char c : wanted) {
    const bool refused = std::string_view("[]:*?/\\").find(c) != std::string_view::npos ||
                         static_cast<unsigned char>(c) < 0x20;
    const char kept = refused ? ' ' : c;
    if (kept == ' ' && (name.empty() || name.back() == ' ')) {
      continue;
    }
    name += kept;
  }
  const auto ends = [](char c) { return c == ' ' || c == '\''; };
  while (!name.empty() && ends(name.back())) {
    name.pop_back();
  }
  const auto start = std::find_if_not(name.begin(), name.end(), ends);
  name.erase(name.begin(), start);
  if (name.empty()) {
    return "Report";
  }
  std::string lower = name;
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return lower == "history" ? name + " report" : name;
}

// The n-th data sheet's name: the base, then "<base> (2)" and so on, within Excel's 31 units.
std::string sheetName(const std::string& base, std::size_t n) {
  const std::string suffix = n == 1 ? "" : " (" + std::to_string(n) + ")";
  std::string fixed;
  return fitted(base, kMostSheetNameUnits - suffix.size(), fixed) + suffix;
}

bool sameIgnoringCase(std::string_view a, std::string_view b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](unsigned char x, unsigned char y) {
    return std::tolower(x) == std::tolower(y);
  });
}

// Excel's column width is in characters of the default font; the header is bold and carries the
// autofilter's button.
double columnWidth(const TableColumn& column) {
  const double least = column.kind == ColumnKind::DateTime ? 17 : 12;
  const double label = static_cast<double>(characters(column.label)) * 1.1 + 4;
  return std::clamp(label, least, 60.0);
}

std::optional<double> numberIn(const std::string& text) {
  double value = 0;
  const auto* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  if (error != std::errc() || stop != end || !std::isfinite(value)) {
    return std::nullopt;
  }
  return value;
}

bool digitsAt(std::string_view text, std::size_t at, std::size_t count, int& out) {
  if (at + count > text.size()) {
    return false;
  }
  const auto [stop, error] = std::from_chars(text.data() + at, text.data() + at + count, out);
  return error == std::errc() && stop == text.data() + at + count &&
         std::all_of(text.begin() + static_cast<std::ptrdiff_t>(at),
                     text.begin() + static_cast<std::ptrdiff_t>(at + count),
                     [](char c) { return c >= '0' && c <= '9'; });
}

// "YYYY-MM-DD", optionally followed by " HH:MM" or "THH:MM", optionally ":SS" and a fraction.
// Excel's dates begin in 1900: an earlier one stays text.
std::optional<lxw_datetime> dateIn(std::string_view text) {
  lxw_datetime when{};
  if (!digitsAt(text, 0, 4, when.year) || text.size() < 10 || text[4] != '-' ||
      !digitsAt(text, 5, 2, when.month) || text[7] != '-' || !digitsAt(text, 8, 2, when.day)) {
    return std::nullopt;
  }
  std::size_t at = 10;
  if (at < text.size()) {
    if ((text[at] != ' ' && text[at] != 'T') || !digitsAt(text, at + 1, 2, when.hour) ||
        at + 3 >= text.size() || text[at + 3] != ':' || !digitsAt(text, at + 4, 2, when.min)) {
      return std::nullopt;
    }
    at += 6;
    int seconds = 0;
    if (at < text.size()) {
      if (text[at] != ':' || !digitsAt(text, at + 1, 2, seconds)) {
        return std::nullopt;
      }
      at += 3;
      when.sec = seconds;
      if (at < text.size() && text[at] == '.') {
        double scale = 0.1;
        for (++at; at < text.size() && text[at] >= '0' && text[at] <= '9'; ++at, scale /= 10) {
          when.sec += (text[at] - '0') * scale;
        }
      }
    }
    if (at != text.size()) {
      return std::nullopt;
    }
  }
  const std::chrono::year_month_day day{std::chrono::year(when.year),
                                        std::chrono::month(static_cast<unsigned>(when.month)),
                                        std::chrono::day(static_cast<unsigned>(when.day))};
  if (!day.ok() || when.year < 1900 || when.hour > 23 || when.min > 59 || when.sec >= 60) {
    return std::nullopt;
  }
  return when;
}

void check(lxw_error error, const std::filesystem::path& path) {
  if (error != LXW_NO_ERROR) {
    throw std::runtime_error("The spreadsheet " + path.string() +
                             " could not be written: " + lxw_strerror(error));
  }
}

}  // namespace

XlsxWriter::XlsxWriter(const std::filesystem::path& path, std::string sheetName,
                       std::vector<TableColumn> columns, std::vector<FilterLine> filters,
                       std::size_t rowsPerSheet)
    : path_(path),
      temporaryFolder_(std::filesystem::temp_directory_path().string()),
      sheetName_(sheetBaseName(sheetName)),
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
  lxw_workbook_options options{};
  options.constant_memory = LXW_TRUE;
  options.tmpdir = temporaryFolder_.data();
  const std::string file = path_.string();
  workbook_ = workbook_new_opt(file.c_str(), &options);
  if (workbook_ == nullptr) {
    throw std::runtime_error("The spreadsheet " + file + " could not be begun: out of memory.");
  }
  bold_ = workbook_add_format(workbook_);
  format_set_bold(bold_);
  date_ = workbook_add_format(workbook_);
  format_set_num_format(date_, "yyyy-mm-dd");
  dateTime_ = workbook_add_format(workbook_);
  format_set_num_format(dateTime_, "yyyy-mm-dd hh:mm");
}

XlsxWriter::~XlsxWriter() {
  abandon();
}

void XlsxWriter::abandon() {
  if (workbook_ == nullptr) {
    return;
  }
  // libxlsxwriter frees a workbook without closing its sheets' temporary files: a large one would
  // hold its disk space until the server stops.
  for (auto* sheet : sheets_) {
    if (sheet->optimize_tmpfile != nullptr) {
      std::fclose(sheet->optimize_tmpfile);
      sheet->optimize_tmpfile = nullptr;
      sheet->file = nullptr;
    }
  }
  lxw_workbook_free(workbook_);
  workbook_ = nullptr;
}

void XlsxWriter::startSheet() {
  const auto name = sheetName(sheetName_, sheets_.size() + 1);
  auto* sheet = workbook_add_worksheet(workbook_, name.c_str());
  if (sheet == nullptr) {
    throw std::runtime_error("The spreadsheet " + path_.string() + " could not add its sheet \"" +
                             name + "\": is the temporary folder " + temporaryFolder_ +
                             " writable and not full?");
  }
  sheets_.push_back(sheet);
  rowsInSheet_ = 0;
  for (std::size_t i = 0; i < columns_.size(); ++i) {
    const auto column = static_cast<lxw_col_t>(i);
    check(worksheet_set_column(sheet, column, column, columnWidth(columns_[i]), nullptr), path_);
    check(worksheet_write_string(
              sheet, 0, column, fitted(columns_[i].label, kMostCharactersPerCell, scratch_).c_str(),
              bold_),
          path_);
  }
  worksheet_freeze_panes(sheet, 1, 0);
}

void XlsxWriter::endSheet() {
  if (columns_.empty()) {
    return;
  }
  check(worksheet_autofilter(sheets_.back(), 0, 0, static_cast<lxw_row_t>(rowsInSheet_),
                             static_cast<lxw_col_t>(columns_.size() - 1)),
        path_);
}

void XlsxWriter::row(const std::vector<TableCell>& cells) {
  if (workbook_ == nullptr) {
    throw std::logic_error("XlsxWriter: row() after finish()");
  }
  if (cells.size() > columns_.size()) {
    throw std::invalid_argument("XlsxWriter: a row of " + std::to_string(cells.size()) +
                                " cells for " + std::to_string(columns_.size()) + " columns");
  }
  if (sheets_.empty() || rowsInSheet_ == rowsPerSheet_) {
    if (!sheets_.empty()) {
      endSheet();
    }
    startSheet();
  }
  ++rowsInSheet_;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    writeCell(i, cells[i]);
  }
}

void XlsxWriter::writeCell(std::size_t column, const TableCell& cell) {
  if (cell.text.empty()) {
    return;
  }
  auto* sheet = sheets_.back();
  const auto at = static_cast<lxw_row_t>(rowsInSheet_);
  const auto col = static_cast<lxw_col_t>(column);
  if (cell.number) {
    if (const auto value = numberIn(cell.text)) {
      check(worksheet_write_number(sheet, at, col, *value, nullptr), path_);
      return;
    }
  }
  const auto kind = columns_[column].kind;
  if (kind == ColumnKind::Date || kind == ColumnKind::DateTime) {
    if (auto when = dateIn(cell.text)) {
      check(worksheet_write_datetime(sheet, at, col, &*when,
                                     kind == ColumnKind::Date ? date_ : dateTime_),
            path_);
      return;
    }
  }
  check(worksheet_write_string(
            sheet, at, col, fitted(cell.text, kMostCharactersPerCell, scratch_).c_str(), nullptr),
        path_);
}

void XlsxWriter::writeFilters() {
  if (filters_.empty()) {
    return;
  }
  const char* name = sameIgnoringCase(sheetName_, "Filters") ? "Filters used" : "Filters";
  auto* sheet = workbook_add_worksheet(workbook_, name);
  if (sheet == nullptr) {
    throw std::runtime_error("The spreadsheet " + path_.string() +
                             " could not add its sheet of filters: is the temporary folder " +
                             temporaryFolder_ + " writable and not full?");
  }
  sheets_.push_back(sheet);
  std::size_t widestLabel = 0;
  std::size_t widestText = 0;
  for (std::size_t i = 0; i < filters_.size(); ++i) {
    const auto at = static_cast<lxw_row_t>(i);
    widestLabel = std::max(widestLabel, characters(filters_[i].label));
    widestText = std::max(widestText, characters(filters_[i].text));
    check(worksheet_write_string(
              sheet, at, 0, fitted(filters_[i].label, kMostCharactersPerCell, scratch_).c_str(),
              bold_),
          path_);
    check(worksheet_write_string(sheet, at, 1,
                                 fitted(filters_[i].text, kMostCharactersPerCell, scratch_).c_str(),
                                 nullptr),
          path_);
  }
  check(
      worksheet_set_column(
          sheet, 0, 0, std::clamp(static_cast<double>(widestLabel) * 1.1 + 2, 12.0, 40.0), nullptr),
      path_);
  check(worksheet_set_column(sheet, 1, 1,
                             std::clamp(static_cast<double>(widestText) + 2, 20.0, 100.0), nullptr),
        path_);
}

void XlsxWriter::finish() {
  if (workbook_ == nullptr) {
    throw std::logic_error("XlsxWriter: finish() twice");
  }
  try {
    if (sheets_.empty()) {
      startSheet();
    }
    endSheet();
    writeFilters();
  } catch (...) {
    abandon();
    throw;
  }
  // workbook_close() frees the workbook whether or not it could write the file.
  auto* workbook = workbook_;
  workbook_ = nullptr;
  check(workbook_close(workbook), path_);
}

}  // namespace dossier::exporting
