#pragma once

#include <chrono>
#include <stop_token>

namespace dossier::db {

// Wakes a follower of the database (the hub's change feed, the search index) when a write
// transaction commits in any process that shares the database, so that it looks at once rather
// than at its next poll. It only wakes: what changed is read from the committed tables. On
// PostgreSQL, LISTEN/NOTIFY; an SQLite file has none (its followers poll: only this machine's
// processes write it, and the server's own commits wake them directly).
class CommitSignal {
 public:
  virtual ~CommitSignal() = default;
  // Waits until a commit is signalled (true), `timeout` passes or `stop` is asked (false). While
  // the database cannot be reached it waits out the timeout and tries again at the next call.
  virtual bool wait(std::chrono::milliseconds timeout, std::stop_token stop) = 0;
};

}  // namespace dossier::db
