#pragma once

#include <condition_variable>
#include <cstddef>
#include <filesystem>
#include <memory>
#include <mutex>
#include <vector>

namespace soci {
class session;
}

namespace dossier::db {

// A fixed set of open connections to one database. Handlers borrow one for the length of a request;
// SQLite in WAL mode lets readers run beside the one writer.
class Pool {
 public:
  // Opens (creating if needed) an SQLite database with WAL, foreign keys and a busy timeout.
  static std::unique_ptr<Pool> openSqlite(const std::filesystem::path& file, std::size_t size);
  ~Pool();
  Pool(const Pool&) = delete;
  Pool& operator=(const Pool&) = delete;

  class Lease {
   public:
    Lease(Pool& pool, std::unique_ptr<soci::session> session);
    Lease(Lease&& other) noexcept;
    Lease& operator=(Lease&&) = delete;
    ~Lease();
    soci::session& operator*() const { return *session_; }
    soci::session* operator->() const { return session_.get(); }

   private:
    Pool* pool_;
    std::unique_ptr<soci::session> session_;
  };

  // Blocks until a connection is free.
  Lease acquire();

 private:
  Pool() = default;
  void release(std::unique_ptr<soci::session> session);

  std::mutex mutex_;
  std::condition_variable available_;
  std::vector<std::unique_ptr<soci::session>> idle_;
};

// BEGIN IMMEDIATE … COMMIT, rolled back when left without commit(). Taking the write lock at the
// start avoids SQLite's deadlock when two readers both try to upgrade to writers.
class Transaction {
 public:
  explicit Transaction(soci::session& session);
  ~Transaction();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  void commit();

 private:
  soci::session& session_;
  bool done_ = false;
};

}  // namespace dossier::db
