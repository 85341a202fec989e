#pragma once

#include <string>
#include <string_view>

namespace dossier {

// ASCII letters lowered; type codes, refs and keywords are ASCII, so no locale is needed.
std::string asciiLower(std::string_view text);
bool equalsIgnoringCase(std::string_view a, std::string_view b);

}  // namespace dossier
