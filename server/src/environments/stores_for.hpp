#pragma once

#include <filesystem>

#include "environments/environment.hpp"

namespace dossier::environments {

// The stores an environment with this database and data folder uses: the one choice, made for the
// server (the registry) and for the commands that fill an environment's stores (migrate-data).
Stores storesFor(db::Pool& db, const std::filesystem::path& dataFolder);

}  // namespace dossier::environments
