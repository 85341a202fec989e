#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "core/result.hpp"

namespace dossier::docgen {

// A Word document (.docx) filled in from a template of the environment's configuration: each
// {{name}} in its body, headers and footers becomes the value of that name (nothing for a name
// without one). The XML is parsed and written again, never spliced as text; a placeholder that
// Word split across runs of a paragraph is still found (the paragraph then keeps the first run's
// formatting).
Result<std::string> fillWordTemplate(std::string_view docx,
                                     const std::map<std::string, std::string>& values);

// A line of text with its {{name}} placeholders filled the same way (a generated document's title).
std::string fillText(const std::string& text, const std::map<std::string, std::string>& values);

// Why a template cannot be filled (not a .docx, no body), or nothing when it can.
std::optional<std::string> wordTemplateProblem(std::string_view docx);

}  // namespace dossier::docgen
