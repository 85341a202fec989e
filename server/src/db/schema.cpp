#include "db/schema.hpp"

#include <algorithm>
#include <cctype>
#include <tuple>

namespace dossier::db {

std::string columnTypeFamily(std::string declared) {
  std::transform(declared.begin(), declared.end(), declared.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (declared.find("int") != std::string::npos) {
    return "integer";
  }
  if (declared.find("real") != std::string::npos || declared.find("double") != std::string::npos ||
      declared.find("float") != std::string::npos ||
      declared.find("numeric") != std::string::npos) {
    return "real";
  }
  if (declared.find("char") != std::string::npos || declared.find("text") != std::string::npos ||
      declared.find("clob") != std::string::npos) {
    return "text";
  }
  if (declared == "blob" || declared == "bytea") {
    return "bytes";
  }
  return declared;
}

void normalise(Schema& schema) {
  for (auto& table : schema) {
    std::sort(table.indexes.begin(), table.indexes.end(), [](const auto& a, const auto& b) {
      return std::tie(a.name, a.columns, a.unique) < std::tie(b.name, b.columns, b.unique);
    });
    std::sort(table.foreignKeys.begin(), table.foreignKeys.end(), [](const auto& a, const auto& b) {
      return std::tie(a.column, a.table, a.tableColumn) <
             std::tie(b.column, b.table, b.tableColumn);
    });
  }
  std::sort(schema.begin(), schema.end(),
            [](const auto& a, const auto& b) { return a.name < b.name; });
}

}  // namespace dossier::db
