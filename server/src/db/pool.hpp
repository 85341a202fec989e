#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "db/commit_signal.hpp"
#include "db/connection.hpp"
#include "db/location.hpp"

namespace dossier::db {

// A fixed set of open connections to one database. Handlers borrow one for the length of a
// request. A connection whose database server went away is made anew before it is lent again.
class Pool {
 public:
  using Opener = std::function<std::unique_ptr<Connection>()>;

  // Up to `size` connections to the database at `location` (an SQLite file is created if needed,
  // with WAL, foreign keys and a busy timeout). SQLite's are all opened now (a file opens in
  // microseconds, and a problem shows at start); a database server's one now, to show a problem at
  // start, and the others when the requests at once need them, so that a process holds the
  // server's connections it uses, not the most it might. Throws DatabaseError when it cannot.
  static std::unique_ptr<Pool> open(const Location& location, std::size_t size);
  static std::unique_ptr<Pool> openSqlite(const std::filesystem::path& file, std::size_t size);
  Pool(Opener opener, std::size_t size, Dialect dialect, bool local, bool eager = true);
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

  // Blocks until a connection is free. Never hold two leases of one pool at once. Throws
  // DatabaseError (connection lost) when the database server cannot be reached.
  Lease acquire();

  Dialect dialect() const { return dialect_; }
  // True when the database is a file on this machine: a statement is then a function call, not a
  // network round trip, and may run on an I/O thread.
  bool local() const { return local_; }
  // The database, for messages (its file, or its server and name).
  const std::string& describe() const { return description_; }
  std::size_t size() const { return size_; }
  // The connections open now, lent or idle.
  std::size_t opened() const;
  // Something that wakes when any process commits a write to this database, on a link of its
  // own, and hears what other processes tell on `channels`; null when the database has none
  // (SQLite: its followers poll).
  std::unique_ptr<CommitSignal> listenForCommits(std::vector<std::string> channels = {}) const;

  // How the pool is used, for /metrics.
  struct Usage {
    std::size_t size = 0;
    std::size_t opened = 0;
    std::size_t idle = 0;
    std::size_t waiting = 0;   // threads waiting for a connection now
    std::uint64_t waits = 0;   // acquisitions that found none free, since the start
    double waitedSeconds = 0;  // how long they waited, together
  };
  Usage usage() const;

 private:
  void release(std::unique_ptr<Connection> connection);

  Opener opener_;
  std::function<std::unique_ptr<CommitSignal>(std::vector<std::string>)> listener_;
  Dialect dialect_;
  bool local_;
  std::size_t size_;
  std::size_t opened_ = 0;
  std::size_t waiting_ = 0;
  std::uint64_t waits_ = 0;
  std::chrono::steady_clock::duration waited_{};
  std::string description_;
  mutable std::mutex mutex_;
  std::condition_variable available_;
  std::vector<std::unique_ptr<Connection>> idle_;
};

}  // namespace dossier::db
