#include "environments/environment.hpp"

#include "db/pool.hpp"

namespace dossier::environments {

Environment::Environment(EnvironmentConfig config, std::filesystem::path dataFolder,
                         std::unique_ptr<db::Pool> db)
    : config_(std::move(config)), dataFolder_(std::move(dataFolder)), db_(std::move(db)) {}

Environment::~Environment() = default;

}  // namespace dossier::environments
