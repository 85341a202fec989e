#pragma once

#include <cstddef>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.hpp"
#include "environments/environment.hpp"

namespace dossier::environments {

struct RegistryOptions {
  std::filesystem::path environmentsFolder;
  std::filesystem::path dataFolder;
  std::size_t connectionsPerDatabase = 8;
  std::string only;  // when set, open just this environment
};

// The environments this process serves. Opening one creates data/<key>/, opens its database and
// brings its schema up to date.
class Registry {
 public:
  static Result<std::unique_ptr<Registry>> open(const RegistryOptions& options);

  Environment* find(std::string_view key) const;
  std::vector<Environment*> all() const;

 private:
  std::map<std::string, std::unique_ptr<Environment>, std::less<>> environments_;
};

}  // namespace dossier::environments
