#include "environments/environment.hpp"

#include "db/pool.hpp"
#include "search/search_index.hpp"

namespace dossier::environments {

Environment::Environment(EnvironmentConfig config, std::filesystem::path dataFolder,
                         std::unique_ptr<db::Pool> db)
    : config_(std::move(config)), dataFolder_(std::move(dataFolder)), db_(std::move(db)) {}

Environment::~Environment() = default;

void Environment::attachSearch(std::unique_ptr<search::SearchIndex> index) {
  search_ = std::move(index);
}

}  // namespace dossier::environments
