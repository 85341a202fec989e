#pragma once

#include <filesystem>
#include <memory>
#include <string>

#include "environments/environment_config.hpp"

namespace dossier::db {
class Pool;
}
namespace dossier::search {
class SearchIndex;
}

namespace dossier::environments {

// One isolated deployment: its configuration and its own database and search index (later also its
// blobs).
class Environment {
 public:
  Environment(EnvironmentConfig config, std::filesystem::path dataFolder,
              std::unique_ptr<db::Pool> db);
  ~Environment();
  Environment(const Environment&) = delete;
  Environment& operator=(const Environment&) = delete;

  const std::string& key() const { return config_.key; }
  const EnvironmentConfig& config() const { return config_; }
  const std::filesystem::path& dataFolder() const { return dataFolder_; }
  db::Pool& db() { return *db_; }
  // The search index, once the server (or a command) has opened it; null before.
  search::SearchIndex* search() const { return search_.get(); }
  void attachSearch(std::unique_ptr<search::SearchIndex> index);

 private:
  EnvironmentConfig config_;
  std::filesystem::path dataFolder_;
  std::unique_ptr<db::Pool> db_;
  // Declared after the database: its indexer stops before the database closes.
  std::unique_ptr<search::SearchIndex> search_;
};

}  // namespace dossier::environments
