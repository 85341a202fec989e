#include <iostream>
#include <memory>

#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "core/progress_bar.hpp"
#include "environments/registry.hpp"
#include "search/environment_index.hpp"
#include "search/search_index.hpp"

namespace dossier::cli {

void addReindexCommand(CLI::App& program, int& exitCode) {
  auto* command = program.add_subcommand(
      "reindex", "Rebuild the search index of an environment from its database");
  auto locations = std::make_shared<Locations>();
  auto only = std::make_shared<std::string>();
  addLocationOptions(*command, *locations);
  command->add_option("--env", *only, "The environment")->required();
  command->callback([locations, only, &exitCode] {
    exitCode = 1;
    auto registry =
        environments::Registry::open({locations->environments, locations->data, 2, *only});
    if (!registry) {
      std::cerr << registry.error().message << "\n";
      return;
    }
    auto* environment = registry.value()->find(*only);
    auto index = search::openEnvironmentIndex(*environment);
    if (!index) {
      std::cerr << index.error().message << "\n";
      return;
    }
    ProgressBar bar("Indexing " + *only);
    auto rebuilt = index.value()->rebuild(
        [&](std::int64_t done, std::int64_t total) { bar.update(done, total); });
    bar.finish();
    if (!rebuilt) {
      std::cerr << rebuilt.error().message << "\n";
      return;
    }
    std::cout << *only << ": the search index holds " << index.value()->documentCount()
              << " records\n";
    exitCode = 0;
  });
}

}  // namespace dossier::cli
