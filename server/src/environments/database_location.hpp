#pragma once

#include <filesystem>
#include <string>

#include "config/environment_config.hpp"
#include "core/result.hpp"
#include "db/location.hpp"

namespace dossier::environments {

// Where an environment keeps what is not configuration: <data>/<key>/ (its SQLite file, blobs,
// uploads and search index).
std::filesystem::path dataFolderOf(const std::filesystem::path& dataRoot, const std::string& key);

// The SQLite file of the environment whose data folder this is.
db::Location sqliteDatabaseIn(const config::EnvironmentConfig& config,
                              const std::filesystem::path& dataFolder);

// The PostgreSQL database at this URL, with the password read from the environment's
// database.passwordFile when it names one (otherwise libpq's own means apply).
Result<db::Location> postgresqlDatabaseAt(const config::EnvironmentConfig& config,
                                          const std::string& url);

// The database the environment is configured with: the PostgreSQL database its database.url names,
// or else the SQLite file in its data folder.
Result<db::Location> databaseLocation(const config::EnvironmentConfig& config,
                                      const std::filesystem::path& dataFolder);

}  // namespace dossier::environments
