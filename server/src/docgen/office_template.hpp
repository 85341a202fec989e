#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "core/result.hpp"

namespace dossier::docgen {

// A document filled in from a template of the environment's configuration, a Word document
// (.docx) or an OpenDocument text (.odt): each {{name}} in its body, headers and footers becomes
// the value of that name (nothing for a name without one). The XML is parsed and written again,
// never spliced as text; a placeholder that the word processor split across runs or spans of a
// paragraph is still found (the paragraph then keeps the first piece's formatting).
Result<std::string> fillOfficeTemplate(std::string_view document,
                                       const std::map<std::string, std::string>& values);

// A line of text with its {{name}} placeholders filled the same way (a generated document's title).
std::string fillText(const std::string& text, const std::map<std::string, std::string>& values);

// An HTML template (an e-mail's) filled the same way, each value escaped as HTML text and its line
// breaks made <br>: a record's words can add no markup of their own.
std::string fillHtml(const std::string& html, const std::map<std::string, std::string>& values);

// Why a template cannot be filled (neither a .docx nor an .odt, no body), or nothing when it can.
std::optional<std::string> officeTemplateProblem(std::string_view document);

// The extension of what a template makes: ".docx" or ".odt" (".docx" when it is neither).
std::string templateExtension(std::string_view document);

}  // namespace dossier::docgen
