#include "search/environment_index.hpp"

#include "environments/environment.hpp"
#include "search/search_index.hpp"

namespace dossier::search {

Result<std::unique_ptr<SearchIndex>> openEnvironmentIndex(environments::Environment& environment) {
  return SearchIndex::open({environment.dataFolder() / "index", environment.config().catalog,
                            environment.config().searchLanguage, std::nullopt},
                           environment.db());
}

}  // namespace dossier::search
