#include <iostream>

#include "cli/commands.hpp"
#include "core/progress_bar.hpp"
#include "environments/registry.hpp"
#include "index/errors.hpp"
#include "index/search_index.hpp"
#include "seed/document_seed.hpp"
#include "seed/seed.hpp"

namespace dossier::cli {

int runSeed(const SeedOptions& options) {
  const seed::SeedCounts counts{options.persons, options.cases, options.seed};
  auto registry = environments::Registry::open(
      {options.locations.environments, options.locations.data, 2, options.environment});
  if (!registry) {
    std::cerr << registry.error().message << "\n";
    return 1;
  }
  auto* environment = registry.value()->find(options.environment);
  if (counts.persons + counts.cases > 0) {
    ProgressBar bar("Seeding " + options.environment);
    auto seeded = seed::seedRecords(*environment, counts,
                                    [&](auto done, auto total) { bar.update(done, total); });
    bar.finish();
    if (!seeded) {
      std::cerr << seeded.error().message << "\n";
      return 1;
    }
  }
  if (options.documents > 0) {
    ProgressBar bar("Attaching documents");
    auto attached = seed::seedDocuments(*environment, options.documents, options.seed,
                                        [&](auto done, auto total) { bar.update(done, total); });
    bar.finish();
    if (!attached) {
      std::cerr << attached.error().message << "\n";
      return 1;
    }
  }
  auto index = environment->openIndex();
  if (!index) {
    if (index.error().is(index::errors::kLocked)) {
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
  if (index.value()->needsRebuild() || counts.persons + counts.cases + options.documents > 20000) {
    indexed = index.value()->rebuild(progress);
  } else if (auto applied = index.value()->catchUp(progress); !applied) {
    indexed = std::move(applied).error();
  }
  bar.finish();
  if (!indexed) {
    std::cerr << indexed.error().message << "\n";
    return 1;
  }
  std::cout << options.environment << ": " << counts.persons << " persons, " << counts.cases
            << " cases and " << options.documents << " documents added; the search index holds "
            << index.value()->documentCount() << " records\n";
  return 0;
}

}  // namespace dossier::cli
