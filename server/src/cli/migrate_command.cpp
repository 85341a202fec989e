#include <iostream>
#include <memory>

#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "environments/registry.hpp"

namespace dossier::cli {

void addMigrateCommand(CLI::App& program, int& exitCode) {
  auto* command = program.add_subcommand(
      "migrate", "Bring the database of every environment (or one) up to the current schema");
  auto locations = std::make_shared<Locations>();
  auto only = std::make_shared<std::string>();
  addLocationOptions(*command, *locations);
  command->add_option("--env", *only, "Only this environment");
  command->callback([locations, only, &exitCode] {
    // Opening the registry validates the configuration and applies pending migrations.
    auto registry =
        environments::Registry::open({locations->environments, locations->data, 1, *only});
    if (!registry) {
      std::cerr << registry.error().message << "\n";
      exitCode = 1;
      return;
    }
    for (auto* environment : registry.value()->all()) {
      std::cout << environment->key() << ": the database is up to date\n";
    }
    exitCode = 0;
  });
}

}  // namespace dossier::cli
