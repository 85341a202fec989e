#include "types/templates.hpp"

#include "types/field_values.hpp"

namespace dossier::types {

std::string expandTemplate(const types::EntityType& type, std::string_view text,
                           const boost::json::object& values, std::string_view identifier) {
  std::string out;
  std::size_t i = 0;
  while (i < text.size()) {
    const auto open = text.find('{', i);
    const auto close = open == std::string_view::npos ? open : text.find('}', open);
    if (close == std::string_view::npos) {
      out += text.substr(i);
      break;
    }
    out += text.substr(i, open - i);
    const auto name = text.substr(open + 1, close - open - 1);
    if (name == "caseNumber" || name == "personId") {
      out += identifier;
    } else if (name == "typeName") {
      out += type.name;
    } else if (const auto* field = type.field(name)) {
      const auto* value = values.if_contains(field->id);
      if (value != nullptr) {
        out += displayText(*field, *value);
      }
    }
    i = close + 1;
  }
  std::string folded;
  for (const char c : out) {
    if (c == ' ' && (folded.empty() || folded.back() == ' ')) {
      continue;
    }
    folded += c;
  }
  while (!folded.empty() && folded.back() == ' ') {
    folded.pop_back();
  }
  return folded;
}

}  // namespace dossier::types
