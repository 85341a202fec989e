#include "search/index_wait.hpp"

#include <spdlog/spdlog.h>

#include "environments/environment.hpp"
#include "search/search_index.hpp"

namespace dossier::search {

namespace {
constexpr auto kSaveWait = std::chrono::milliseconds(2000);
}

void awaitIndexed(environments::Environment& environment) {
  if (auto* index = environment.search()) {
    if (!index->waitUntilCurrent(kSaveWait)) {
      spdlog::warn("environment {}: a save was not searchable within {} ms", environment.key(),
                   kSaveWait.count());
    }
  }
}

}  // namespace dossier::search
