#include "db/pool.hpp"

#include "db/postgresql/postgresql_connection.hpp"
#include "db/sqlite/sqlite_connection.hpp"

namespace dossier::db {

std::unique_ptr<Pool> Pool::open(const Location& location, std::size_t size) {
  if (location.dialect() == Dialect::Sqlite) {
    return openSqlite(location.file, size);
  }
  postgresql::ConnectionSettings settings{location.url, location.password,
                                          location.statementTimeout};
  return std::make_unique<Pool>(
      [settings] { return postgresql::PostgresqlConnection::open(settings); }, size,
      Dialect::Postgresql, false);
}

std::unique_ptr<Pool> Pool::openSqlite(const std::filesystem::path& file, std::size_t size) {
  return std::make_unique<Pool>([file] { return sqlite::SqliteConnection::open(file); }, size,
                                Dialect::Sqlite, true);
}

Pool::Pool(Opener opener, std::size_t size, Dialect dialect, bool local)
    : dialect_(dialect), local_(local), size_(size) {
  for (std::size_t i = 0; i < size; ++i) {
    idle_.push_back(opener());
  }
  if (!idle_.empty()) {
    description_ = idle_.front()->describe();
  }
}

Pool::Lease Pool::acquire() {
  std::unique_ptr<Connection> connection;
  {
    std::unique_lock lock(mutex_);
    available_.wait(lock, [this] { return !idle_.empty(); });
    connection = std::move(idle_.back());
    idle_.pop_back();
  }
  // Lent only once it works: a lease owns it from here, so a failed reconnect hands it back.
  Lease lease(*this, std::move(connection));
  if (!lease->healthy()) {
    lease->reconnect();
  }
  return lease;
}

void Pool::release(std::unique_ptr<Connection> connection) {
  {
    std::lock_guard lock(mutex_);
    idle_.push_back(std::move(connection));
  }
  available_.notify_one();
}

Pool::Lease::Lease(Pool& pool, std::unique_ptr<Connection> connection)
    : pool_(&pool), connection_(std::move(connection)) {}

Pool::Lease::Lease(Lease&& other) noexcept
    : pool_(other.pool_), connection_(std::move(other.connection_)) {}

Pool::Lease::~Lease() {
  if (connection_) {
    pool_->release(std::move(connection_));
  }
}

}  // namespace dossier::db
