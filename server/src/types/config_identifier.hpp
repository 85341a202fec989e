#pragma once

#include <string_view>

namespace dossier::types {

// An id the configuration gives a task, a step, a report or a filter: letters, digits, - and _, at
// most 60 — safe in a route, a file name and a log line.
bool isConfigIdentifier(std::string_view text);

}  // namespace dossier::types
