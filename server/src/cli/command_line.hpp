#pragma once

#include <optional>
#include <string>
#include <variant>

#include "cli/commands.hpp"

namespace dossier::cli {

// What a command line asks for, parsed before anything runs, so that what each option means can
// be checked without running a command.

enum class UserAction {
  Add,
  Passwd,
  Disable,
  Enable,
  Link,
  List,
  ResetTwoFactor,
  EndSessions,
  EndEverySession,
  ForgetDirectoryAccounts
};
struct UserCommand {
  UserAction action = UserAction::List;
  UserOptions options;
};
struct MigrateCommand {
  EnvironmentOptions options;
};
struct ReindexCommand {
  EnvironmentOptions options;
};
struct VersionCommand {};

using Command = std::variant<ServeOptions, UserCommand, MigrateCommand, ReindexCommand, SeedOptions,
                             MigrateDataOptions, BackupOptions, RestoreOptions, VersionCommand>;

struct ParsedCommandLine {
  // The command to run with its options; none when the line asked for help or was mistaken.
  std::optional<Command> command;
  // Without a command: 0 after --help, else CLI11's code for the mistake (105 a value out of its
  // range or set, 106 something required missing, 109 something not understood …).
  int exitCode = 0;
  std::string output;  // for standard output: the help asked for
  std::string errors;  // for standard error: what was wrong, and how to ask for help
};

// argv[0] is the program's name, as main receives it.
ParsedCommandLine parseCommandLine(int argc, const char* const* argv);

// Runs a parsed command; its exit code.
int runCommand(const Command& command);

// Parses the command line and runs the command it names; returns the exit code. A database held
// by another process for longer than a command waits is said so, with kExitDatabaseBusy.
int runCommandLine(int argc, char** argv);

}  // namespace dossier::cli
