#include "realtime/fanout.hpp"

#include <boost/json/serialize.hpp>

namespace dossier::realtime {

namespace {

// The WebSocket close code for a session that is no longer valid (4000–4999 are the
// application's own); the web app signs out on it rather than reconnecting.
constexpr int kSessionEnded = 4401;

std::string sessionEndedMessage(const std::string& message) {
  return boost::json::serialize(
      boost::json::object{{"type", "sessionEnded"}, {"message", message}});
}

}  // namespace

Fanout::Id Fanout::add(Subscriber subscriber, bool held) {
  std::lock_guard lock(mutex_);
  const auto id = next_++;
  entries_.emplace(id, Entry{std::move(subscriber), {}, held, {}});
  return id;
}

void Fanout::letGo(Id id, const std::vector<std::string>& first) {
  std::lock_guard lock(mutex_);
  const auto found = entries_.find(id);
  if (found == entries_.end()) {
    return;
  }
  auto& entry = found->second;
  for (const auto& text : first) {
    entry.subscriber.send(text);
  }
  for (auto& text : entry.waiting) {
    entry.subscriber.send(std::move(text));
  }
  entry.waiting.clear();
  entry.held = false;
}

void Fanout::deliver(Entry& entry, const std::string& text) {
  if (entry.held) {
    entry.waiting.push_back(text);
  } else {
    entry.subscriber.send(text);
  }
}

void Fanout::remove(Id id) {
  std::lock_guard lock(mutex_);
  const auto found = entries_.find(id);
  if (found == entries_.end()) {
    return;
  }
  for (const auto& record : found->second.watching) {
    if (auto watchers = watchers_.find(record); watchers != watchers_.end()) {
      watchers->second.erase(id);
      if (watchers->second.empty()) {
        watchers_.erase(watchers);
      }
    }
  }
  entries_.erase(found);
}

bool Fanout::watch(Id id, const RecordKey& record) {
  std::lock_guard lock(mutex_);
  const auto found = entries_.find(id);
  if (found == entries_.end()) {
    return false;
  }
  auto& watching = found->second.watching;
  if (!watching.contains(record) && watching.size() >= kWatchLimit) {
    return false;
  }
  watching.insert(record);
  watchers_[record].insert(id);
  return true;
}

void Fanout::unwatch(Id id, const RecordKey& record) {
  std::lock_guard lock(mutex_);
  if (const auto found = entries_.find(id); found != entries_.end()) {
    found->second.watching.erase(record);
  }
  if (auto watchers = watchers_.find(record); watchers != watchers_.end()) {
    watchers->second.erase(id);
    if (watchers->second.empty()) {
      watchers_.erase(watchers);
    }
  }
}

std::size_t Fanout::size() const {
  std::lock_guard lock(mutex_);
  return entries_.size();
}

bool Fanout::watched(const RecordKey& record) const {
  std::lock_guard lock(mutex_);
  return watchers_.contains(record);
}

std::vector<std::pair<Fanout::Id, std::string>> Fanout::sessions() const {
  std::lock_guard lock(mutex_);
  std::vector<std::pair<Id, std::string>> all;
  all.reserve(entries_.size());
  for (const auto& [id, entry] : entries_) {
    all.emplace_back(id, entry.subscriber.sessionKey);
  }
  return all;
}

void Fanout::endLocked(Entry& entry, const std::string& message) {
  entry.held = false;
  entry.subscriber.send(sessionEndedMessage(message));
  entry.subscriber.close(kSessionEnded, "The session ended.");
}

void Fanout::end(Id id, const std::string& message) {
  std::lock_guard lock(mutex_);
  if (const auto found = entries_.find(id); found != entries_.end()) {
    endLocked(found->second, message);
  }
}

void Fanout::toWatchers(const RecordKey& record, const boost::json::object& message) {
  toWatchers(record, message, Audience());
}

void Fanout::toWatchers(const RecordKey& record, const boost::json::object& message,
                        const Audience& audience) {
  std::lock_guard lock(mutex_);
  const auto watchers = watchers_.find(record);
  if (watchers == watchers_.end()) {
    return;
  }
  std::string text;
  for (const auto id : watchers->second) {
    const auto found = entries_.find(id);
    if (found == entries_.end() || (audience && !audience(found->second.subscriber))) {
      continue;
    }
    if (text.empty()) {
      text = boost::json::serialize(message);
    }
    deliver(found->second, text);
    sent_.fetch_add(1, std::memory_order_relaxed);
  }
}

void Fanout::toUser(std::int64_t userId, const boost::json::object& message) {
  std::lock_guard lock(mutex_);
  std::string text;
  for (auto& [id, entry] : entries_) {
    if (entry.subscriber.userId == userId) {
      if (text.empty()) {
        text = boost::json::serialize(message);
      }
      deliver(entry, text);
      sent_.fetch_add(1, std::memory_order_relaxed);
    }
  }
}

void Fanout::endSession(const std::string& sessionKey, const std::string& message) {
  std::lock_guard lock(mutex_);
  for (auto& [id, entry] : entries_) {
    if (entry.subscriber.sessionKey == sessionKey) {
      endLocked(entry, message);
    }
  }
}

}  // namespace dossier::realtime
