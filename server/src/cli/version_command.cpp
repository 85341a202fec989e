#include <iostream>

#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "core/build_info.hpp"

namespace dossier::cli {

void addVersionCommand(CLI::App& program, int& exitCode) {
  auto* command = program.add_subcommand("version", "Print the version of dossier");
  command->callback([&exitCode] {
    std::cout << "dossier " << fullVersion() << "\n";
    exitCode = 0;
  });
}

}  // namespace dossier::cli
