#pragma once

#include <string>
#include <string_view>

namespace dossier {

// Text made safe to stand in HTML or XML content or a quoted attribute: & < > " ' as references.
std::string escapeMarkup(std::string_view text);
// The same, added to the end of `out`: for text escaped piece by piece.
void appendEscapedMarkup(std::string& out, std::string_view text);

}  // namespace dossier
