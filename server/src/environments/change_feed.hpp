#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <stop_token>
#include <string>
#include <thread>
#include <vector>

#include "environments/feed_source.hpp"
#include "realtime/fanout.hpp"

namespace dossier::db {
class Connection;
class Pool;
}  // namespace dossier::db
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
  // How far a tab has heard: the last change-log number and the last notification id.
  struct Positions {
    std::int64_t changes = 0;
    std::int64_t notifications = 0;
  };
  // What a tab missed while it was away (its connection dropped, its process died), as it would
  // have heard it, oldest first; or, when it was away for more than the feed goes back over,
  // tooMany (it reloads what it shows). upTo: how far that brings it.
  struct Missed {
    std::vector<std::string> messages;
    bool tooMany = false;
    Positions upTo;
  };
  // The changes a returning tab goes back over at most, and its notifications.
  static constexpr int kReplayChanges = 20'000;
  static constexpr int kReplayNotifications = 200;

  ChangeFeed(db::Pool& pool, realtime::Fanout& fanout, const types::Catalog& catalog,
             std::chrono::milliseconds every = std::chrono::milliseconds(250));
  ~ChangeFeed();
  ChangeFeed(const ChangeFeed&) = delete;
  ChangeFeed& operator=(const ChangeFeed&) = delete;

  // Before start(): the sources are not guarded once the thread runs.
  void addSource(FeedSource source);

  // Follows the database on a thread of its own until destroyed.
  void start();
  // Something was just committed: look now rather than at the next round.
  void wake();
  // One round: what the thread runs, and what tests call.
  void runOnce();

  // How far the feed has published: a tab added to the hub now hears everything after it.
  Positions positions() const;
  // What a tab of `who`, following `following`, missed since `since`.
  Missed missedSince(const Positions& since, const std::set<realtime::RecordKey>& following,
                     const realtime::Subscriber& who);

 private:
  void loop(std::stop_token stop);
  void publishChanges();
  void publishNotifications();

  db::Pool& pool_;
  realtime::Fanout& fanout_;
  const types::Catalog& catalog_;
  std::chrono::milliseconds every_;
  std::atomic<std::int64_t> changeSeen_ = 0;
  std::atomic<std::int64_t> notificationSeen_ = 0;
  std::vector<FeedSource> sources_;
  std::mutex mutex_;
  std::condition_variable_any wake_;
  bool woken_ = false;
  std::jthread thread_;
};

}  // namespace dossier::environments
