#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>

#include "db/connection.hpp"
#include "db/location.hpp"
#include "db/migrations.hpp"
#include "db/pool.hpp"
#include "support/postgresql.hpp"
#include "support/temp_folder.hpp"

namespace dossier::testing {

// The one number a query such as SELECT COUNT(*) … finds.
inline std::int64_t countOf(db::Pool& pool, const char* sql) {
  auto db = pool.acquire();
  auto row = db->query(sql);
  row.step();
  return row.integer(0);
}

// One database migrated to the current schema — an SQLite file, or a scratch PostgreSQL database
// when the store tests run on PostgreSQL — that several pools open, as several server processes
// open one environment's database.
class SharedDatabase {
 public:
  SharedDatabase() {
    if (storeTestsOnPostgresql()) {
      scratch_ = std::make_unique<ScratchDatabase>();
      location_ = scratch_->location();
    } else {
      location_.file = folder_.path() / "dossier.db";
    }
    pool_ = open();
    auto session = pool_->acquire();
    if (auto applied = db::migrate(*session); !applied) {
      throw std::runtime_error(applied.error().message);
    }
  }

  // The first process's pool.
  db::Pool& pool() { return *pool_; }
  // Another process's.
  std::unique_ptr<db::Pool> open() const { return db::Pool::open(location_, 4); }

 private:
  TempFolder folder_;
  // Outlives the pools, whose connections must be closed before it is dropped.
  std::unique_ptr<ScratchDatabase> scratch_;
  db::Location location_;
  std::unique_ptr<db::Pool> pool_;
};

}  // namespace dossier::testing
