#pragma once

#include <map>
#include <memory>
#include <string>

#include "config/environment_config.hpp"
#include "support/temp_folder.hpp"
#include "types/entity_type.hpp"

namespace dossier::testing {

// Writes configuration files (e.g. "groups.yaml", "types/complaint.yaml") into folder and loads
// its catalog as the server does; throws with every problem when the configuration is not valid.
std::shared_ptr<const types::Catalog> loadCatalogFiles(
    const TempFolder& folder, const std::map<std::string, std::string>& files);

// The default test environment's configuration with this catalog, read from folder.
config::EnvironmentConfig configWithCatalog(const TempFolder& folder,
                                            const std::map<std::string, std::string>& files);

}  // namespace dossier::testing
