#pragma once

#include <string>

namespace CLI {
class App;
}

namespace dossier::cli {

// Where the environments' configuration and data live; every command that opens an environment
// takes these.
struct Locations {
  std::string data = "./data";
  std::string environments = "./environments";
};

void addLocationOptions(CLI::App& command, Locations& locations);

// Each adds its subcommand to the program; the subcommand runs through its callback and sets the
// exit code.
void addServeCommand(CLI::App& program, int& exitCode);
void addUserCommand(CLI::App& program, int& exitCode);
void addMigrateCommand(CLI::App& program, int& exitCode);
void addVersionCommand(CLI::App& program, int& exitCode);
void addReindexCommand(CLI::App& program, int& exitCode);
void addSeedCommand(CLI::App& program, int& exitCode);

}  // namespace dossier::cli
