#include "environments/registry.hpp"

#include <spdlog/spdlog.h>

#include "config/config_loader.hpp"
#include "config/errors.hpp"
#include "db/connection.hpp"
#include "db/errors.hpp"
#include "db/location.hpp"
#include "db/migrations.hpp"
#include "db/pool.hpp"
#include "environments/database_location.hpp"
#include "environments/errors.hpp"
#include "records/record_writer.hpp"
#include "records/role_links.hpp"

namespace dossier::environments {

Result<std::unique_ptr<Registry>> Registry::open(const RegistryOptions& options) {
  ConfigErrors errors;
  auto configs = config::loadEnvironmentConfigs(options.environmentsFolder, errors);
  if (!errors.empty()) {
    return Error::of(config::errors::kInvalid,
                     "The configuration has errors:\n" + errors.describe());
  }
  if (!options.only.empty()) {
    std::erase_if(configs, [&](const auto& config) { return config.key != options.only; });
    if (configs.empty()) {
      return Error::of(errors::kNotFound, "There is no environment '" + options.only + "' in " +
                                              options.environmentsFolder.string() + ".");
    }
  }

  auto registry = std::make_unique<Registry>();
  for (auto& config : configs) {
    const auto folder = dataFolderOf(options.dataFolder, config.key);
    std::error_code ec;
    std::filesystem::create_directories(folder, ec);
    if (ec) {
      return Error::of(errors::kDataFolder,
                       "Cannot create the data folder " + folder.string() + ": " + ec.message());
    }
    auto location = databaseLocation(config, folder);
    if (!location) {
      return std::move(location).error();
    }
    std::unique_ptr<db::Pool> pool;
    const auto where = location->dialect() == db::Dialect::Sqlite
                           ? "the database " + location->file.string()
                           : "the PostgreSQL database of " + config.database.urlSource;
    try {
      pool = db::Pool::open(*location, options.connectionsPerDatabase);
    } catch (const db::DatabaseError& e) {
      if (e.busy()) {
        throw;  // another process is using it: the command line says so
      }
      return Error::of(db::errors::kOpen, "Cannot open " + where + ": " + e.what());
    } catch (const std::exception& e) {
      return Error::of(db::errors::kOpen, "Cannot open " + where + ": " + e.what());
    }
    {
      auto session = pool->acquire();
      auto applied = db::migrate(*session);
      if (!applied) {
        return std::move(applied).error();
      }
      for (const auto& name : applied.value()) {
        spdlog::info("environment {}: applied migration {}", config.key, name);
      }
      if (config.catalog) {
        db::Transaction transaction(*session);
        if (const auto linked = records::linkStoredRoleFields(*session, *config.catalog)) {
          spdlog::info("environment {}: linked {} role holders named by role fields", config.key,
                       linked);
        }
        // Cases closed before their closing moment was kept (migration 0022) take it from their
        // history, once for each set of closing statuses the configuration names.
        if (const auto filled = records::fillClosingMoments(*session, *config.catalog)) {
          spdlog::info("environment {}: kept when {} closed cases closed", config.key, filled);
        }
        transaction.commit();
      }
    }
    auto key = config.key;
    auto stores = storesFor(*pool, folder);
    registry->environments_.emplace(
        key, std::make_unique<Environment>(std::move(config), folder, std::move(pool),
                                           std::move(stores)));
  }
  return registry;
}

Environment* Registry::find(std::string_view key) const {
  const auto found = environments_.find(key);
  return found == environments_.end() ? nullptr : found->second.get();
}

std::vector<Environment*> Registry::all() const {
  std::vector<Environment*> out;
  for (const auto& [key, environment] : environments_) {
    out.push_back(environment.get());
  }
  return out;
}

}  // namespace dossier::environments
