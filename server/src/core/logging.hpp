#pragma once

#include <string_view>

namespace dossier {

// One logger for the process, writing to standard error. level: trace, debug, info, warn, error.
void initialiseLogging(std::string_view level);
// Writes out what is still queued; call before the process exits.
void shutdownLogging();

}  // namespace dossier
