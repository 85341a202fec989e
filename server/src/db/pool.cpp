#include "db/pool.hpp"

#include "db/postgresql/commit_listener.hpp"
#include "db/postgresql/postgresql_connection.hpp"
#include "db/sqlite/sqlite_connection.hpp"

namespace dossier::db {

std::unique_ptr<Pool> Pool::open(const Location& location, std::size_t size) {
  if (location.dialect() == Dialect::Sqlite) {
    return openSqlite(location.file, size);
  }
  postgresql::ConnectionSettings settings{location.url, location.password,
                                          location.statementTimeout};
  auto pool = std::make_unique<Pool>(
      [settings] { return postgresql::PostgresqlConnection::open(settings); }, size,
      Dialect::Postgresql, false, false);
  pool->listener_ = [settings](std::vector<std::string> channels) {
    return postgresql::listenForCommits(settings, std::move(channels));
  };
  return pool;
}

std::unique_ptr<Pool> Pool::openSqlite(const std::filesystem::path& file, std::size_t size) {
  return std::make_unique<Pool>([file] { return sqlite::SqliteConnection::open(file); }, size,
                                Dialect::Sqlite, true);
}

Pool::Pool(Opener opener, std::size_t size, Dialect dialect, bool local, bool eager)
    : opener_(std::move(opener)), dialect_(dialect), local_(local), size_(size) {
  const std::size_t now = eager ? size : std::min<std::size_t>(size, 1);
  for (std::size_t i = 0; i < now; ++i) {
    idle_.push_back(opener_());
  }
  opened_ = idle_.size();
  if (!idle_.empty()) {
    description_ = idle_.front()->describe();
  }
}

std::size_t Pool::opened() const {
  std::lock_guard lock(mutex_);
  return opened_;
}

std::unique_ptr<CommitSignal> Pool::listenForCommits(std::vector<std::string> channels) const {
  return listener_ ? listener_(std::move(channels)) : nullptr;
}

Pool::Usage Pool::usage() const {
  std::lock_guard lock(mutex_);
  return {size_,    opened_, idle_.size(),
          waiting_, waits_,  std::chrono::duration<double>(waited_).count()};
}

Pool::Lease Pool::acquire() {
  std::unique_ptr<Connection> connection;
  bool open = false;
  {
    std::unique_lock lock(mutex_);
    const auto free = [this] { return !idle_.empty() || opened_ < size_; };
    if (!free()) {
      // Counted for /metrics: a pool too small for its load shows here first.
      const auto since = std::chrono::steady_clock::now();
      ++waiting_;
      ++waits_;
      available_.wait(lock, free);
      --waiting_;
      waited_ += std::chrono::steady_clock::now() - since;
    }
    if (!idle_.empty()) {
      connection = std::move(idle_.back());
      idle_.pop_back();
    } else {
      ++opened_;  // counted now, so that others waiting do not open past the size
      open = true;
    }
  }
  if (open) {
    try {
      connection = opener_();
    } catch (...) {
      {
        std::lock_guard lock(mutex_);
        --opened_;
      }
      available_.notify_one();
      throw;
    }
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
