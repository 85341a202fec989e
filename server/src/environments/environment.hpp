#pragma once

#include <filesystem>
#include <memory>
#include <string>

#include "environments/environment_config.hpp"

namespace dossier::db {
class Pool;
}

namespace dossier::environments {

// One isolated deployment: its configuration and its own database (later also its index and blobs).
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

 private:
  EnvironmentConfig config_;
  std::filesystem::path dataFolder_;
  std::unique_ptr<db::Pool> db_;
};

}  // namespace dossier::environments
