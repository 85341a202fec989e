#pragma once

#include <memory>

#include "environments/environment.hpp"
#include "support/temp_folder.hpp"

namespace dossier::testing {

// An environment with a real SQLite database in a temporary folder, migrated to the current schema.
class TestEnvironment {
 public:
  explicit TestEnvironment(config::EnvironmentConfig config = defaultConfig());

  static config::EnvironmentConfig defaultConfig();

  environments::Environment& environment() { return *environment_; }
  db::Pool& db() { return environment_->db(); }
  const TempFolder& folder() const { return folder_; }

 private:
  TempFolder folder_;
  std::unique_ptr<environments::Environment> environment_;
};

}  // namespace dossier::testing
