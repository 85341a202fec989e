#pragma once

#include <string>

#include "text_output.hpp"

namespace dossier::inspect {

// Each writes the text of one kind of file to out; false, with the reason on standard error, when
// the file cannot be read as that kind.
bool plainText(const char* path, TextOutput& out);
bool htmlFile(const char* path, TextOutput& out);
bool emailFile(const char* path, TextOutput& out);
bool officeFile(const char* path, const std::string& extension, TextOutput& out);
bool pdfFile(const char* path, TextOutput& out);
bool imageFile(const char* path, TextOutput& out);

// The whole of a file, at most limit bytes; false when it cannot be read or is larger.
bool readWhole(const char* path, std::string& into, std::size_t limit);

}  // namespace dossier::inspect
