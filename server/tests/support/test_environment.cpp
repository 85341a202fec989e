#include "support/test_environment.hpp"

#include <stdexcept>

#include "db/migrations.hpp"
#include "db/pool.hpp"

namespace dossier::testing {

config::EnvironmentConfig TestEnvironment::defaultConfig() {
  config::EnvironmentConfig config;
  config.key = "test";
  config.displayName = "Test";
  return config;
}

TestEnvironment::TestEnvironment(config::EnvironmentConfig config) {
  std::unique_ptr<db::Pool> pool;
  if (storeTestsOnPostgresql()) {
    scratch_ = std::make_unique<ScratchDatabase>();
    pool = db::Pool::open(scratch_->location(), 4);
  } else {
    pool = db::Pool::openSqlite(folder_.path() / "dossier.db", 4);
  }
  {
    auto session = pool->acquire();
    auto applied = db::migrate(*session);
    if (!applied) {
      throw std::runtime_error(applied.error().message);
    }
  }
  // The stores the environment's database calls for, as the server chooses them: files on SQLite,
  // the database itself on PostgreSQL.
  auto stores = environments::storesFor(*pool, folder_.path());
  environment_ = std::make_unique<environments::Environment>(std::move(config), folder_.path(),
                                                             std::move(pool), std::move(stores));
}

}  // namespace dossier::testing
