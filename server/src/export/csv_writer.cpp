#include "export/csv_writer.hpp"

namespace dossier::exporting {

namespace {

constexpr std::size_t kPiece = 64 * 1024;

bool runsAsFormula(std::string_view text) {
  return !text.empty() && (text[0] == '=' || text[0] == '+' || text[0] == '-' || text[0] == '@' ||
                           text[0] == '\t' || text[0] == '\r');
}

// One pass over the text: std::string::find_first_of looks each character up in the set with a
// call of its own, which was the export's largest cost.
bool needsQuotes(std::string_view text) {
  for (const char c : text) {
    if (c == ',' || c == '"' || c == '\r' || c == '\n') {
      return true;
    }
  }
  return false;
}

}  // namespace

CsvWriter::CsvWriter(std::function<void(std::string_view)> sink) : sink_(std::move(sink)) {
  buffer_ = "\xEF\xBB\xBF";
}

void CsvWriter::row(const std::vector<TableCell>& cells) {
  bool first = true;
  for (const auto& cell : cells) {
    if (!first) {
      buffer_ += ',';
    }
    first = false;
    if (cell.number) {
      buffer_ += cell.text;
      continue;
    }
    const bool formula = runsAsFormula(cell.text);
    const bool quoted = formula || needsQuotes(cell.text);
    if (quoted) {
      buffer_ += '"';
    }
    if (formula) {
      buffer_ += '\'';
    }
    // Each quote doubled; the text between quotes copied as it is.
    std::string_view rest = cell.text;
    for (auto quote = rest.find('"'); quote != std::string_view::npos; quote = rest.find('"')) {
      buffer_.append(rest.substr(0, quote + 1)).append(1, '"');
      rest.remove_prefix(quote + 1);
    }
    buffer_ += rest;
    if (quoted) {
      buffer_ += '"';
    }
  }
  buffer_ += "\r\n";
  if (buffer_.size() >= kPiece) {
    sink_(buffer_);
    buffer_.clear();
  }
}

void CsvWriter::finish() {
  if (!buffer_.empty()) {
    sink_(buffer_);
    buffer_.clear();
  }
}

}  // namespace dossier::exporting
