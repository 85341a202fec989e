#pragma once

#include <string_view>

namespace dossier {

// One logger for the process, writing to standard error. level: trace, debug, info, warn, error.
// A server writes from a thread of its own (onItsOwnThread); a command writes as it goes, so that
// its lines never land in the middle of what it prints itself.
void initialiseLogging(std::string_view level, bool onItsOwnThread);
// Writes out what is still queued; call before the process exits.
void shutdownLogging();

}  // namespace dossier
