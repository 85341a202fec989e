#pragma once

#include <string>

namespace dossier::inspect {

// The media type of a file from its content (libmagic), "application/pdf"; empty when it cannot
// be read.
std::string mediaTypeOf(const char* path);

}  // namespace dossier::inspect
