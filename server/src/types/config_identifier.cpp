#include "types/config_identifier.hpp"

#include <algorithm>

namespace dossier::types {

bool isConfigIdentifier(std::string_view text) {
  return !text.empty() && text.size() <= 60 && std::all_of(text.begin(), text.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
           c == '_';
  });
}

}  // namespace dossier::types
