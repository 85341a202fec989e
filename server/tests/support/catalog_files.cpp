#include "support/catalog_files.hpp"

#include <stdexcept>

#include "core/config_errors.hpp"
#include "support/test_environment.hpp"
#include "types/type_loader.hpp"

namespace dossier::testing {

std::shared_ptr<const types::Catalog> loadCatalogFiles(
    const TempFolder& folder, const std::map<std::string, std::string>& files) {
  for (const auto& [name, content] : files) {
    folder.write(name, content);
  }
  ConfigErrors errors;
  auto catalog = types::loadCatalog(folder.path(), errors);
  if (!errors.empty()) {
    throw std::runtime_error("The test configuration is not valid:\n" + errors.describe());
  }
  return std::make_shared<const types::Catalog>(std::move(catalog));
}

config::EnvironmentConfig configWithCatalog(const TempFolder& folder,
                                            const std::map<std::string, std::string>& files) {
  auto config = TestEnvironment::defaultConfig();
  config.folder = folder.path();
  config.catalog = loadCatalogFiles(folder, files);
  return config;
}

}  // namespace dossier::testing
