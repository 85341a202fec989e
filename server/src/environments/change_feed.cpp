#include "environments/change_feed.hpp"

#include <algorithm>
#include <set>

#include <boost/json/object.hpp>
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

boost::json::object recordChanged(const records::Record& record, const std::string& operation) {
  return {{"type", "recordChanged"},
          {"entity", record.kind == types::EntityKind::Case ? "case" : "person"},
          {"id", record.identifier()},
          {"version", record.rowVersion},
          {"operation", operation},
          {"by", record.modifiedByName},
          {"byUserId", record.modifiedBy},
          {"at", record.modifiedAt}};
}

// A part of a record moved on: "tasksChanged" or "documentsChanged".
boost::json::object partChanged(const std::string& operation, const std::string& kind,
                                const records::Record& record) {
  return {{"type", operation + "Changed"}, {"entity", kind}, {"id", record.identifier()}};
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
};

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
  while (!stop.stop_requested()) {
    {
      std::unique_lock lock(mutex_);
      wake_.wait_for(lock, stop, every_, [this] { return woken_; });
      woken_ = false;
    }
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

void ChangeFeed::runOnce() {
  publishChanges();
  publishNotifications();
}

void ChangeFeed::publishChanges() {
  auto db = pool_.acquire();
  for (;;) {
    // A record changed several times in one batch is announced once, as it is now; its tasks
    // moving on, once too; its documents, once to each who may see one of those that changed.
    std::map<std::pair<std::string, std::int64_t>, std::string> changed;  // its last operation
    std::map<std::pair<std::pair<std::string, std::int64_t>, std::string>, PartAudience> parts;
    int rows = 0;
    for (auto& change : records::changesAfter(*db, changeSeen_, kBatch)) {
      changeSeen_ = change.seq;
      const std::pair key{std::move(change.entityKind), change.entityId};
      if (fanout_.watched({key.first, key.second})) {
        if (change.operation == "tasks" || change.operation == "documents") {
          parts[{key, std::move(change.operation)}].add(change.securityGroup);
        } else {
          changed[key] = std::move(change.operation);
        }
      }
      ++rows;
    }
    for (const auto& [key, operation] : changed) {
      const auto& [kind, id] = key;
      const auto entityKind = kind == "case" ? types::EntityKind::Case : types::EntityKind::Person;
      if (auto record = records::findRecordById(*db, entityKind, id)) {
        fanout_.toWatchers({kind, id}, recordChanged(*record, operation));
      }
    }
    for (const auto& [part, audience] : parts) {
      const auto& [key, operation] = part;
      const auto& [kind, id] = key;
      const auto entityKind = kind == "case" ? types::EntityKind::Case : types::EntityKind::Person;
      if (auto record = records::findRecordById(*db, entityKind, id)) {
        const auto message = partChanged(operation, kind, *record);
        if (audience.everyone) {
          fanout_.toWatchers({kind, id}, message);
        } else {
          fanout_.toWatchers({kind, id}, message, [&](const realtime::Subscriber& subscriber) {
            return std::any_of(audience.securityGroups.begin(), audience.securityGroups.end(),
                               [&](const std::string& group) {
                                 return types::maySeeDocumentsOf(catalog_, group,
                                                                 subscriber.username);
                               });
          });
        }
      }
    }
    if (rows < kBatch) {
      return;
    }
  }
}

void ChangeFeed::publishNotifications() {
  auto db = pool_.acquire();
  for (;;) {
    const auto found = records::notificationsAfter(*db, notificationSeen_, kBatch);
    for (const auto& notification : found) {
      notificationSeen_ = notification.id;
      fanout_.toUser(notification.userId, notificationMessage(notification));
    }
    if (static_cast<int>(found.size()) < kBatch) {
      return;
    }
  }
}

}  // namespace dossier::environments
