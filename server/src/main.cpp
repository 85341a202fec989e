#include <cstdlib>
#include <string_view>

#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "core/crypto.hpp"
#include "core/logging.hpp"

int main(int argc, char** argv) {
  dossier::initialiseCrypto();
  const char* level = std::getenv("DOSSIER_LOG_LEVEL");
  const bool serving = argc > 1 && std::string_view(argv[1]) == "serve";
  dossier::initialiseLogging(level != nullptr ? level : "info", serving);

  CLI::App program{"Dossier: case management for staff who work with cases, people and documents",
                   "dossier"};
  program.require_subcommand(1);
  int exitCode = 0;
  dossier::cli::addServeCommand(program, exitCode);
  dossier::cli::addUserCommand(program, exitCode);
  dossier::cli::addMigrateCommand(program, exitCode);
  dossier::cli::addReindexCommand(program, exitCode);
  dossier::cli::addSeedCommand(program, exitCode);
  dossier::cli::addVersionCommand(program, exitCode);
  try {
    program.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    dossier::shutdownLogging();
    return program.exit(error);
  }
  dossier::shutdownLogging();
  return exitCode;
}
