#pragma once

#include <chrono>
#include <stop_token>
#include <string>
#include <utility>
#include <vector>

namespace dossier::db {

// Wakes a follower of the database (the hub's change feed, the search index) when a write
// transaction commits in any process that shares the database, so that it looks at once rather
// than at its next poll. It only wakes: what changed is read from the committed tables. On
// PostgreSQL, LISTEN/NOTIFY; an SQLite file has none (its followers poll: only this machine's
// processes write it, and the server's own commits wake them directly).
class CommitSignal {
 public:
  // What a wait heard: that something was committed, and what other processes told on the other
  // channels listened to (Connection::tellOthers), as (channel, message).
  struct Heard {
    bool committed = false;
    std::vector<std::pair<std::string, std::string>> told;
  };
  virtual ~CommitSignal() = default;
  // Waits until a commit is signalled or a message told, `timeout` passes or `stop` is asked
  // (nothing heard). While the database cannot be reached it waits out the timeout and tries
  // again at the next call.
  virtual Heard wait(std::chrono::milliseconds timeout, std::stop_token stop) = 0;
};

}  // namespace dossier::db
