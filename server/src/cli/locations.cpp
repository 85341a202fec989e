#include <CLI/CLI.hpp>

#include "cli/commands.hpp"

namespace dossier::cli {

void addLocationOptions(CLI::App& command, Locations& locations) {
  command.add_option("--data", locations.data, "Folder of the environments' data (databases)")
      ->capture_default_str();
  command
      .add_option("--environments", locations.environments,
                  "Folder holding one configuration folder per environment")
      ->capture_default_str();
}

}  // namespace dossier::cli
