#include "db/pool.hpp"

#include <soci/soci.h>
#include <soci/sqlite3/soci-sqlite3.h>
#include <spdlog/spdlog.h>

namespace dossier::db {

std::unique_ptr<Pool> Pool::openSqlite(const std::filesystem::path& file, std::size_t size) {
  std::unique_ptr<Pool> pool(new Pool());
  for (std::size_t i = 0; i < size; ++i) {
    auto session = std::make_unique<soci::session>(
        *soci::factory_sqlite3(), "db=" + file.string() + " timeout=10 shared_cache=false");
    *session << "PRAGMA journal_mode=WAL";
    *session << "PRAGMA foreign_keys=ON";
    // NORMAL is durable in WAL mode across application crashes; only an OS crash can lose the
    // last transactions, never corrupt the file.
    *session << "PRAGMA synchronous=NORMAL";
    pool->idle_.push_back(std::move(session));
  }
  return pool;
}

Pool::~Pool() = default;

Pool::Lease Pool::acquire() {
  std::unique_lock lock(mutex_);
  available_.wait(lock, [this] { return !idle_.empty(); });
  auto session = std::move(idle_.back());
  idle_.pop_back();
  return Lease(*this, std::move(session));
}

void Pool::release(std::unique_ptr<soci::session> session) {
  {
    std::lock_guard lock(mutex_);
    idle_.push_back(std::move(session));
  }
  available_.notify_one();
}

Pool::Lease::Lease(Pool& pool, std::unique_ptr<soci::session> session)
    : pool_(&pool), session_(std::move(session)) {}

Pool::Lease::Lease(Lease&& other) noexcept
    : pool_(other.pool_), session_(std::move(other.session_)) {}

Pool::Lease::~Lease() {
  if (session_) {
    pool_->release(std::move(session_));
  }
}

Transaction::Transaction(soci::session& session) : session_(session) {
  session_ << "BEGIN IMMEDIATE";
}

Transaction::~Transaction() {
  if (!done_) {
    try {
      session_ << "ROLLBACK";
    } catch (const std::exception& e) {
      spdlog::error("rollback failed: {}", e.what());
    }
  }
}

void Transaction::commit() {
  session_ << "COMMIT";
  done_ = true;
}

}  // namespace dossier::db
