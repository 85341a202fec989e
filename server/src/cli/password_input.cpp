#include "cli/password_input.hpp"

#include <iostream>
#include <termios.h>
#include <unistd.h>

namespace dossier::cli {

namespace {

std::string readLineWithoutEcho(const char* prompt) {
  std::cerr << prompt << std::flush;
  termios old{};
  tcgetattr(STDIN_FILENO, &old);
  termios quiet = old;
  quiet.c_lflag &= ~static_cast<tcflag_t>(ECHO);
  tcsetattr(STDIN_FILENO, TCSANOW, &quiet);
  std::string line;
  std::getline(std::cin, line);
  tcsetattr(STDIN_FILENO, TCSANOW, &old);
  std::cerr << "\n";
  return line;
}

}  // namespace

std::optional<std::string> readPassword(std::string& problem) {
  std::string password;
  if (isatty(STDIN_FILENO) != 0) {
    password = readLineWithoutEcho("Password: ");
    if (readLineWithoutEcho("Repeat the password: ") != password) {
      problem = "The two passwords typed differ.";
      return std::nullopt;
    }
  } else if (!std::getline(std::cin, password)) {
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

}  // namespace dossier::cli
