#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "export/table.hpp"

namespace dossier::exporting {

// RFC 4180: fields separated by commas, records by CRLF, a field quoted when it holds a comma, a
// quote or a line break, its quotes doubled. It begins with a UTF-8 byte-order mark, by which
// spreadsheets know the encoding. A text cell beginning with = + - @ or a tab or carriage return
// is written after an apostrophe, so that a spreadsheet shows it rather than running it (OWASP
// "CSV injection"). Output goes to `sink` in pieces of about 64 KiB.
class CsvWriter {
 public:
  explicit CsvWriter(std::function<void(std::string_view)> sink);
  void row(const std::vector<TableCell>& cells);
  // Hands over what is still buffered.
  void finish();

 private:
  std::function<void(std::string_view)> sink_;
  std::string buffer_;
};

}  // namespace dossier::exporting
