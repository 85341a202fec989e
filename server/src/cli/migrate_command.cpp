#include <iostream>

#include "cli/commands.hpp"
#include "environments/registry.hpp"

namespace dossier::cli {

int runMigrate(const EnvironmentOptions& options) {
  // Opening the registry validates the configuration and applies pending migrations.
  auto registry = environments::Registry::open(
      {options.locations.environments, options.locations.data, 1, options.environment});
  if (!registry) {
    std::cerr << registry.error().message << "\n";
    return 1;
  }
  for (auto* environment : registry.value()->all()) {
    std::cout << environment->key() << ": the database is up to date\n";
  }
  return 0;
}

}  // namespace dossier::cli
