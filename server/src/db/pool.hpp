#pragma once

#include <condition_variable>
#include <cstddef>
#include <filesystem>
#include <memory>
#include <mutex>
#include <vector>

#include "db/connection.hpp"

namespace dossier::db {

// A fixed set of open connections to one database. Handlers borrow one for the length of a
// request; SQLite in WAL mode lets readers run beside the one writer.
class Pool {
 public:
  // Opens (creating if needed) an SQLite database with WAL, foreign keys and a busy timeout.
  static std::unique_ptr<Pool> openSqlite(const std::filesystem::path& file, std::size_t size);
  Pool(const Pool&) = delete;
  Pool& operator=(const Pool&) = delete;

  class Lease {
   public:
    Lease(Pool& pool, std::unique_ptr<Connection> connection);
    Lease(Lease&& other) noexcept;
    Lease& operator=(Lease&&) = delete;
    ~Lease();
    Connection& operator*() const { return *connection_; }
    Connection* operator->() const { return connection_.get(); }

   private:
    Pool* pool_;
    std::unique_ptr<Connection> connection_;
  };

  // Blocks until a connection is free. Never hold two leases of one pool at once.
  Lease acquire();

 private:
  Pool() = default;
  void release(std::unique_ptr<Connection> connection);

  std::mutex mutex_;
  std::condition_variable available_;
  std::vector<std::unique_ptr<Connection>> idle_;
};

}  // namespace dossier::db
