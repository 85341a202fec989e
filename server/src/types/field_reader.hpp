#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "types/entity_type.hpp"

namespace dossier {
class YamlReader;
}

namespace dossier::types {

// One field of a type's (or the documents definition's) configuration: id, type, label and the
// rest, each problem recorded with its file, path and line.
FieldDef readField(YamlReader& item);
// The options of a choice field: {value, text}, values unique.
std::vector<Option> readOptions(YamlReader& reader, const char* key);

// A letter, then letters, digits or underscores: at most maxLength in all.
bool isName(const std::string& text, std::size_t maxLength);

}  // namespace dossier::types
