#pragma once

#include <memory>

#include "environments/environment.hpp"
#include "support/postgresql.hpp"
#include "support/temp_folder.hpp"

namespace dossier::testing {

// An environment with a real database migrated to the current schema: an SQLite file in a temporary
// folder, or a scratch PostgreSQL database when the store tests run on PostgreSQL
// (support/postgresql.hpp).
class TestEnvironment {
 public:
  explicit TestEnvironment(config::EnvironmentConfig config = defaultConfig());

  static config::EnvironmentConfig defaultConfig();

  environments::Environment& environment() { return *environment_; }
  db::Pool& db() { return environment_->db(); }
  const TempFolder& folder() const { return folder_; }

 private:
  TempFolder folder_;
  // Outlives the environment, whose connections must be closed before it is dropped.
  std::unique_ptr<ScratchDatabase> scratch_;
  std::unique_ptr<environments::Environment> environment_;
};

}  // namespace dossier::testing
