#include "environments/database_location.hpp"

#include <fstream>

#include "db/errors.hpp"

namespace dossier::environments {

std::filesystem::path dataFolderOf(const std::filesystem::path& dataRoot, const std::string& key) {
  return dataRoot / key;
}

db::Location sqliteDatabaseIn(const config::EnvironmentConfig& config,
                              const std::filesystem::path& dataFolder) {
  db::Location location;
  location.statementTimeout = std::chrono::seconds(config.database.statementTimeoutSeconds);
  location.file = dataFolder / "dossier.db";
  return location;
}

Result<db::Location> postgresqlDatabaseAt(const config::EnvironmentConfig& config,
                                          const std::string& url) {
  db::Location location;
  location.statementTimeout = std::chrono::seconds(config.database.statementTimeoutSeconds);
  location.url = url;
  if (const auto& file = config.database.passwordFile; !file.empty()) {
    std::ifstream in(file);
    if (!in || !std::getline(in, location.password)) {
      return Error::of(db::errors::kOpen,
                       "Cannot read the database password file " + file.string() +
                           " named in the database section of " + config.key +
                           "/environment.yaml: it must exist, be readable by dossier and hold the "
                           "password on its first line.");
    }
  }
  return location;
}

Result<db::Location> databaseLocation(const config::EnvironmentConfig& config,
                                      const std::filesystem::path& dataFolder) {
  if (config.database.url.empty()) {
    return sqliteDatabaseIn(config, dataFolder);
  }
  return postgresqlDatabaseAt(config, config.database.url);
}

}  // namespace dossier::environments
