#pragma once

#include <optional>
#include <string>

namespace dossier::cli {

// Reads a password from standard input: typed twice without echo at a terminal, or the first line
// of piped input. Never from the command line, where other users could see it.
std::optional<std::string> readPassword(std::string& problem);

}  // namespace dossier::cli
