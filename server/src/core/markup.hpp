#pragma once

#include <string>
#include <string_view>

namespace dossier {

// Text made safe to stand in HTML or XML content or a quoted attribute: & < > " ' as references.
std::string escapeMarkup(std::string_view text);

}  // namespace dossier
