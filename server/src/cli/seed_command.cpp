#include <iostream>
#include <memory>

#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "core/progress_bar.hpp"
#include "environments/registry.hpp"
#include "search/environment_index.hpp"
#include "search/search_index.hpp"
#include "seed/seed.hpp"

namespace dossier::cli {

namespace {

struct SeedOptions {
  Locations locations;
  std::string environment;
  seed::SeedCounts counts;
};

int runSeed(const SeedOptions& options) {
  auto registry = environments::Registry::open(
      {options.locations.environments, options.locations.data, 2, options.environment});
  if (!registry) {
    std::cerr << registry.error().message << "\n";
    return 1;
  }
  auto* environment = registry.value()->find(options.environment);
  {
    ProgressBar bar("Seeding " + options.environment);
    auto seeded = seed::seedRecords(*environment, options.counts,
                                    [&](auto done, auto total) { bar.update(done, total); });
    bar.finish();
    if (!seeded) {
      std::cerr << seeded.error().message << "\n";
      return 1;
    }
  }
  auto index = search::openEnvironmentIndex(*environment);
  if (!index) {
    if (index.error().code == "search.locked") {
      std::cout << "A running server holds the search index; it indexes the new records itself.\n";
      return 0;
    }
    std::cerr << index.error().message << "\n";
    return 1;
  }
  ProgressBar bar("Indexing " + options.environment);
  const auto progress = [&](std::int64_t done, std::int64_t total) { bar.update(done, total); };
  // Many new records at once are indexed fastest by building the index anew.
  Status indexed = Status();
  if (index.value()->needsRebuild() || options.counts.persons + options.counts.cases > 20000) {
    indexed = index.value()->rebuild(progress);
  } else if (auto applied = index.value()->catchUp(progress); !applied) {
    indexed = std::move(applied).error();
  }
  bar.finish();
  if (!indexed) {
    std::cerr << indexed.error().message << "\n";
    return 1;
  }
  std::cout << options.environment << ": " << options.counts.persons << " persons and "
            << options.counts.cases << " cases added; the search index holds "
            << index.value()->documentCount() << " records\n";
  return 0;
}

}  // namespace

void addSeedCommand(CLI::App& program, int& exitCode) {
  auto options = std::make_shared<SeedOptions>();
  auto* command = program.add_subcommand(
      "seed", "Add generated, realistic persons and cases to an environment (demos, benchmarks)");
  addLocationOptions(*command, options->locations);
  command->add_option("--env", options->environment, "The environment")->required();
  command->add_option("--persons", options->counts.persons, "How many persons to add")
      ->check(CLI::Range(0LL, 100000000LL))
      ->capture_default_str();
  command->add_option("--cases", options->counts.cases, "How many cases to add")
      ->check(CLI::Range(0LL, 100000000LL))
      ->capture_default_str();
  command->add_option("--seed", options->counts.seed, "The same seed makes the same records")
      ->capture_default_str();
  command->callback([options, &exitCode] { exitCode = runSeed(*options); });
}

}  // namespace dossier::cli
