#include "cli/password_input.hpp"

#include <iostream>
#include <termios.h>
#include <unistd.h>

namespace dossier::cli {

namespace {

std::optional<std::string> readLineWithoutEcho(const char* prompt) {
  std::cerr << prompt << std::flush;
  termios old{};
  tcgetattr(STDIN_FILENO, &old);
  termios quiet = old;
  quiet.c_lflag &= ~static_cast<tcflag_t>(ECHO);
  tcsetattr(STDIN_FILENO, TCSANOW, &quiet);
  std::string line;
  const bool read = static_cast<bool>(std::getline(std::cin, line));
  tcsetattr(STDIN_FILENO, TCSANOW, &old);
  std::cerr << "\n";
  return read ? std::optional(line) : std::nullopt;
}

std::optional<std::string> readPipedLine(const char*) {
  std::string line;
  if (!std::getline(std::cin, line)) {
    return std::nullopt;
  }
  return line;
}

}  // namespace

std::optional<std::string> readPassword(const PasswordSource& source, std::string& problem) {
  std::string password;
  if (source.terminal) {
    password = source.readLine("Password: ").value_or("");
    if (source.readLine("Repeat the password: ").value_or("") != password) {
      problem = "The two passwords typed differ.";
      return std::nullopt;
    }
  } else if (auto line = source.readLine(nullptr)) {
    password = std::move(*line);
  } else {
    problem =
        "No password on standard input: pipe it in, e.g. printf '%s\\n' \"$PASSWORD\" | "
        "dossier user …";
    return std::nullopt;
  }
  if (!password.empty() && password.back() == '\r') {
    password.pop_back();
  }
  if (password.empty()) {
    problem = "The password is empty.";
    return std::nullopt;
  }
  return password;
}

std::optional<std::string> readPassword(std::string& problem) {
  const bool terminal = isatty(STDIN_FILENO) != 0;
  return readPassword({terminal, terminal ? readLineWithoutEcho : readPipedLine}, problem);
}

}  // namespace dossier::cli
