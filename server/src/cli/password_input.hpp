#pragma once

#include <functional>
#include <optional>
#include <string>

namespace dossier::cli {

// Where a password is read from: a person typing at a terminal, or input piped in. readLine gives
// the next line without its newline (at a terminal without echo, after showing the prompt), or
// nothing at the end of the input.
struct PasswordSource {
  bool terminal = false;
  std::function<std::optional<std::string>(const char* prompt)> readLine;
};

// Typed twice alike at a terminal, or the first line of piped input (a Windows line end left off).
// Nothing, with the problem for the person, when the two typed differ, nothing was piped in or the
// password is empty.
std::optional<std::string> readPassword(const PasswordSource& source, std::string& problem);

// The same from standard input. Never from the command line, where other users could see it.
std::optional<std::string> readPassword(std::string& problem);

}  // namespace dossier::cli
