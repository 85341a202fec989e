#include "db/pool.hpp"

namespace dossier::db {

std::unique_ptr<Pool> Pool::openSqlite(const std::filesystem::path& file, std::size_t size) {
  std::unique_ptr<Pool> pool(new Pool());
  for (std::size_t i = 0; i < size; ++i) {
    pool->idle_.push_back(Connection::open(file));
  }
  return pool;
}

Pool::Lease Pool::acquire() {
  std::unique_lock lock(mutex_);
  available_.wait(lock, [this] { return !idle_.empty(); });
  auto connection = std::move(idle_.back());
  idle_.pop_back();
  return Lease(*this, std::move(connection));
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
