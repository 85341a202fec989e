#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <mutex>
#include <stop_token>
#include <thread>

namespace dossier::db {
class Pool;
}
namespace dossier::realtime {
class Fanout;
}
namespace dossier::types {
class Catalog;
}

namespace dossier::environments {

// Tells the hub what was committed: it follows the change log and the notifications table of an
// environment's database, and publishes "this record changed" to the tabs that have it open and
// each new notification to its user's tabs. Reading what was committed, rather than being told by
// the code that wrote it, means nothing is announced that was rolled back, and that a change made
// by another process (a command, a second server) is announced too. That a document was filed or
// changed is told only to those who may see the document (types::maySeeDocumentsOf, the rule
// documents/document_access applies): its change-log row carries its security group.
class ChangeFeed {
 public:
  ChangeFeed(db::Pool& pool, realtime::Fanout& fanout, const types::Catalog& catalog,
             std::chrono::milliseconds every = std::chrono::milliseconds(250));
  ~ChangeFeed();
  ChangeFeed(const ChangeFeed&) = delete;
  ChangeFeed& operator=(const ChangeFeed&) = delete;

  // Follows the database on a thread of its own until destroyed.
  void start();
  // Something was just committed: look now rather than at the next round.
  void wake();
  // One round: what the thread runs, and what tests call.
  void runOnce();

 private:
  void loop(std::stop_token stop);
  void publishChanges();
  void publishNotifications();

  db::Pool& pool_;
  realtime::Fanout& fanout_;
  const types::Catalog& catalog_;
  std::chrono::milliseconds every_;
  std::int64_t changeSeen_ = 0;
  std::int64_t notificationSeen_ = 0;
  std::mutex mutex_;
  std::condition_variable_any wake_;
  bool woken_ = false;
  std::jthread thread_;
};

}  // namespace dossier::environments
