#include "environments/change_feed.hpp"

#include <algorithm>
#include <set>

#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>
#include <spdlog/spdlog.h>

#include "db/connection.hpp"
#include "db/pool.hpp"
#include "realtime/fanout.hpp"
#include "records/change_log.hpp"
#include "records/notifications.hpp"
#include "records/records.hpp"
#include "types/document_definition.hpp"

namespace dossier::environments {

namespace {

constexpr int kBatch = 500;
// Between two rounds at least: commits in a stream are read and announced together, a few at a
// time, rather than each by a round of its own (three queries); one after a quiet moment is
// announced at once.
constexpr auto kMinRoundSpacing = std::chrono::milliseconds(5);

boost::json::object recordChanged(const records::Record& record, const std::string& operation,
                                  std::int64_t seq) {
  return {{"type", "recordChanged"},
          {"entity", record.kind == types::EntityKind::Case ? "case" : "person"},
          {"id", record.identifier()},
          {"version", record.rowVersion},
          {"operation", operation},
          {"by", record.modifiedByName},
          {"byUserId", record.modifiedBy},
          {"at", record.modifiedAt},
          {"seq", seq}};
}

// A part of a record moved on: "tasksChanged" or "documentsChanged".
boost::json::object partChanged(const std::string& operation, const std::string& kind,
                                const records::Record& record, std::int64_t seq) {
  return {
      {"type", operation + "Changed"}, {"entity", kind}, {"id", record.identifier()}, {"seq", seq}};
}

// Who may hear that a part of a record moved on: everyone who has it open, unless every row of it
// names the security group of a document, when those who may see one of those documents.
struct PartAudience {
  bool everyone = false;
  std::set<std::string> securityGroups;
  void add(const std::optional<std::string>& securityGroup) {
    if (securityGroup) {
      securityGroups.insert(*securityGroup);
    } else {
      everyone = true;
    }
  }
  bool admits(const types::Catalog& catalog, const realtime::Subscriber& subscriber) const {
    return everyone ||
           std::any_of(securityGroups.begin(), securityGroups.end(), [&](const std::string& group) {
             return types::maySeeDocumentsOf(catalog, group, subscriber.username);
           });
  }
};

// What some of the log's rows tell the tabs that have a record open.
struct Announcement {
  realtime::RecordKey record;
  boost::json::object message;
  std::int64_t seq = 0;
  PartAudience audience;
};

// What rows of the log announce of the records `followed` admits: a record changed several times
// is announced once, as it is now, at its last number; its tasks moving on, once too; its
// documents, once to each who may see one of those that changed. In the order of those numbers,
// so that a tab that heard number N has heard all that was announced before it (a returning tab
// resumes after the last number it heard).
template <class Followed>
std::vector<Announcement> announce(db::Connection& db, std::vector<records::LoggedChange> rows,
                                   const Followed& followed) {
  struct Pending {
    std::string operation;
    std::int64_t seq = 0;
    PartAudience audience;
  };
  std::map<realtime::RecordKey, Pending> changed;
  std::map<std::pair<realtime::RecordKey, std::string>, Pending> parts;
  for (auto& change : rows) {
    realtime::RecordKey key{std::move(change.entityKind), change.entityId};
    if (!followed(key)) {
      continue;
    }
    if (change.operation == "tasks" || change.operation == "documents") {
      auto& part = parts[{key, change.operation}];
      part.operation = std::move(change.operation);
      part.seq = change.seq;
      part.audience.add(change.securityGroup);
    } else {
      auto& record = changed[key];
      record.operation = std::move(change.operation);
      record.seq = change.seq;
      record.audience.everyone = true;
    }
  }
  const auto kindOf = [](const std::string& kind) {
    return kind == "case" ? types::EntityKind::Case : types::EntityKind::Person;
  };
  std::vector<Announcement> out;
  for (auto& [key, pending] : changed) {
    if (auto record = records::findRecordById(db, kindOf(key.kind), key.id)) {
      out.push_back({key, recordChanged(*record, pending.operation, pending.seq), pending.seq,
                     std::move(pending.audience)});
    }
  }
  for (auto& [part, pending] : parts) {
    const auto& key = part.first;
    if (auto record = records::findRecordById(db, kindOf(key.kind), key.id)) {
      out.push_back({key, partChanged(pending.operation, key.kind, *record, pending.seq),
                     pending.seq, std::move(pending.audience)});
    }
  }
  std::sort(out.begin(), out.end(),
            [](const Announcement& a, const Announcement& b) { return a.seq < b.seq; });
  return out;
}

boost::json::object notificationMessage(const records::Notification& notification) {
  return {{"type", "notification"}, {"notification", records::notificationJson(notification)}};
}

}  // namespace

ChangeFeed::ChangeFeed(db::Pool& pool, realtime::Fanout& fanout, const types::Catalog& catalog,
                       std::chrono::milliseconds every)
    : pool_(pool), fanout_(fanout), catalog_(catalog), every_(every) {
  // What was committed before the server started is nobody's news.
  auto db = pool_.acquire();
  changeSeen_ = records::latestChange(*db);
  notificationSeen_ = records::latestNotificationId(*db);
}

ChangeFeed::~ChangeFeed() {
  if (thread_.joinable()) {
    thread_.request_stop();
    wake_.notify_all();
    thread_.join();
  }
}

void ChangeFeed::start() {
  thread_ = std::jthread([this](std::stop_token stop) { loop(stop); });
}

void ChangeFeed::wake() {
  {
    std::lock_guard lock(mutex_);
    woken_ = true;
  }
  wake_.notify_one();
}

void ChangeFeed::loop(std::stop_token stop) {
  auto lastRound = std::chrono::steady_clock::time_point{};
  while (!stop.stop_requested()) {
    {
      std::unique_lock lock(mutex_);
      wake_.wait_for(lock, stop, every_, [this] { return woken_; });
      wake_.wait_until(lock, stop, lastRound + kMinRoundSpacing, [] { return false; });
      woken_ = false;
    }
    lastRound = std::chrono::steady_clock::now();
    if (stop.stop_requested()) {
      break;
    }
    try {
      runOnce();
    } catch (const std::exception& e) {
      spdlog::error("the hub's change feed: {}", e.what());
    }
  }
}

void ChangeFeed::addSource(FeedSource source) {
  sources_.push_back(std::move(source));
}

void ChangeFeed::runOnce() {
  publishChanges();
  publishNotifications();
  if (!sources_.empty()) {
    auto db = pool_.acquire();
    for (const auto& source : sources_) {
      source(*db, fanout_);
    }
  }
}

void ChangeFeed::publishChanges() {
  auto db = pool_.acquire();
  for (;;) {
    auto rows = records::changesAfter(*db, changeSeen_, kBatch);
    const auto count = rows.size();
    const auto last = rows.empty() ? changeSeen_.load() : rows.back().seq;
    const auto announcements = announce(
        *db, std::move(rows), [&](const realtime::RecordKey& key) { return fanout_.watched(key); });
    for (const auto& announcement : announcements) {
      if (announcement.audience.everyone) {
        fanout_.toWatchers(announcement.record, announcement.message);
      } else {
        fanout_.toWatchers(announcement.record, announcement.message,
                           [&](const realtime::Subscriber& subscriber) {
                             return announcement.audience.admits(catalog_, subscriber);
                           });
      }
    }
    // Moved on once published: a tab added meanwhile resumes from no further than what it heard.
    changeSeen_ = last;
    if (count < static_cast<std::size_t>(kBatch)) {
      return;
    }
  }
}

void ChangeFeed::publishNotifications() {
  auto db = pool_.acquire();
  for (;;) {
    const auto found = records::notificationsAfter(*db, notificationSeen_, kBatch);
    for (const auto& notification : found) {
      fanout_.toUser(notification.userId, notificationMessage(notification));
      notificationSeen_ = notification.id;
    }
    if (static_cast<int>(found.size()) < kBatch) {
      return;
    }
  }
}

}  // namespace dossier::environments

namespace dossier::environments {

ChangeFeed::Positions ChangeFeed::positions() const {
  return {changeSeen_.load(), notificationSeen_.load()};
}

ChangeFeed::Missed ChangeFeed::missedSince(const Positions& since,
                                           const std::set<realtime::RecordKey>& following,
                                           const realtime::Subscriber& who) {
  Missed missed;
  auto db = pool_.acquire();
  // Read first: what the rows read next cover at least.
  const Positions latest{records::latestChange(*db), records::latestNotificationId(*db)};
  missed.upTo = latest;
  // A tab ahead of the database heard of another one (restored from a backup, say): what it
  // shows is reloaded, as after a long absence.
  if (since.changes < 0 || since.notifications < 0 || since.changes > latest.changes ||
      since.notifications > latest.notifications) {
    missed.tooMany = true;
    return missed;
  }
  auto rows = records::changesAfter(*db, since.changes, kReplayChanges + 1);
  if (rows.size() > static_cast<std::size_t>(kReplayChanges)) {
    missed.tooMany = true;
    return missed;
  }
  if (!rows.empty()) {
    missed.upTo.changes = std::max(latest.changes, rows.back().seq);
  }
  for (const auto& announcement :
       announce(*db, std::move(rows),
                [&](const realtime::RecordKey& key) { return following.contains(key); })) {
    if (announcement.audience.admits(catalog_, who)) {
      missed.messages.push_back(boost::json::serialize(announcement.message));
    }
  }
  const auto notifications = records::notificationsOfUserAfter(*db, who.userId, since.notifications,
                                                               kReplayNotifications + 1);
  if (notifications.size() > static_cast<std::size_t>(kReplayNotifications)) {
    missed.tooMany = true;
    missed.messages.clear();
    return missed;
  }
  for (const auto& notification : notifications) {
    missed.messages.push_back(boost::json::serialize(notificationMessage(notification)));
    missed.upTo.notifications = std::max(missed.upTo.notifications, notification.id);
  }
  return missed;
}

}  // namespace dossier::environments
