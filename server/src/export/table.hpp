#pragma once

#include <string>
#include <vector>

namespace dossier::exporting {

// What a column of an exported table holds, for the cell types and formats of a format.
enum class ColumnKind { Text, Number, Date, DateTime };

struct TableColumn {
  std::string label;
  ColumnKind kind = ColumnKind::Text;
};

// A cell as a table's writer takes it: its text (a date as YYYY-MM-DD, a date-time as
// YYYY-MM-DD HH:MM, a number as digits with a point), and whether it is a number (written as
// one) or text — which a writer never lets a spreadsheet read as a formula.
struct TableCell {
  std::string text;
  bool number = false;
};

// What a report's first page says besides its rows: the filters used, as "label: text".
struct FilterLine {
  std::string label;
  std::string text;
};

}  // namespace dossier::exporting
