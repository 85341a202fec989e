#pragma once

#include <filesystem>

#include "core/config_errors.hpp"
#include "types/entity_type.hpp"

namespace dossier::types {

// Reads an environment's groups.yaml, its documents.yaml when there is one, and every file of
// types/ (one case or person type a file).
// Each problem is added to errors with file, path and line; the catalog is then incomplete.
Catalog loadCatalog(const std::filesystem::path& environmentFolder, ConfigErrors& errors);

}  // namespace dossier::types
