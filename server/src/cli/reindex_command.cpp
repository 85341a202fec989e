#include <iostream>

#include "cli/commands.hpp"
#include "core/progress_bar.hpp"
#include "environments/registry.hpp"
#include "index/search_index.hpp"

namespace dossier::cli {

int runReindex(const EnvironmentOptions& options) {
  const auto& key = options.environment;
  auto registry = environments::Registry::open(
      {options.locations.environments, options.locations.data, 2, key});
  if (!registry) {
    std::cerr << registry.error().message << "\n";
    return 1;
  }
  auto* environment = registry.value()->find(key);
  auto index = environment->openIndex();
  if (!index) {
    std::cerr << index.error().message << "\n";
    return 1;
  }
  ProgressBar bar("Indexing " + key);
  auto rebuilt = index.value()->rebuild(
      [&](std::int64_t done, std::int64_t total) { bar.update(done, total); });
  bar.finish();
  if (!rebuilt) {
    std::cerr << rebuilt.error().message << "\n";
    return 1;
  }
  std::cout << key << ": the search index holds " << index.value()->documentCount() << " records\n";
  return 0;
}

}  // namespace dossier::cli
