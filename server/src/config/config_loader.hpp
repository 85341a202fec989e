#pragma once

#include <filesystem>
#include <vector>

#include "config/environment_config.hpp"
#include "core/config_errors.hpp"

namespace dossier::config {

// Environment keys are the first segment of every URL: lower-case letters, digits and hyphens.
bool isValidEnvironmentKey(std::string_view key);

// True for what database.url accepts: postgresql://… (or postgres://…), a libpq connection URL.
bool isPostgresqlUrl(std::string_view url);

// Reads environments/<key>/environment.yaml, menu.yaml and branding/ of one environment. Problems
// are added to errors with file, path and line; the returned configuration is then incomplete.
EnvironmentConfig loadEnvironmentConfig(const std::filesystem::path& folder, ConfigErrors& errors);

// Every folder of root that holds an environment.yaml, in key order.
std::vector<EnvironmentConfig> loadEnvironmentConfigs(const std::filesystem::path& root,
                                                      ConfigErrors& errors);

}  // namespace dossier::config
