#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include <boost/json/object.hpp>

namespace dossier::realtime {

// A record as the hub knows it: its kind ("case", "person") and database id.
struct RecordKey {
  std::string kind;
  std::int64_t id = 0;
  auto operator<=>(const RecordKey&) const = default;
};

// One connected tab, as its transport hands it over.
struct Subscriber {
  std::int64_t userId = 0;
  std::string username;
  std::string sessionKey;  // the SHA-256 of its session token: what signing out names
  std::function<void(std::string)> send;
  std::function<void(int, std::string)> close;
};

// Which tabs may hear a message: asked of each tab's user, under the fan-out's lock (so it must
// not call back into it).
using Audience = std::function<bool(const Subscriber&)>;

// Where events go. Features and the change feed speak to this interface only, so that another
// fan-out (one shared by several server processes) can take the place of the one below.
class Publisher {
 public:
  virtual ~Publisher() = default;
  // To every tab that has the record open.
  virtual void toWatchers(const RecordKey& record, const boost::json::object& message) = 0;
  // To the tabs that have the record open and whose user the audience admits (a document in a
  // security group is news only to those who may see it).
  virtual void toWatchers(const RecordKey& record, const boost::json::object& message,
                          const Audience& audience) = 0;
  // To every tab of a user.
  virtual void toUser(std::int64_t userId, const boost::json::object& message) = 0;
  // Closes the tabs of a session that ended (signed out, expired), telling them why.
  virtual void endSession(const std::string& sessionKey, const std::string& message) = 0;
};

// The tabs connected to this process, what each has open, and the events sent to them. Messages
// are serialized once however many tabs hear them; sending only queues (http::SocketPeer).
class Fanout final : public Publisher {
 public:
  using Id = std::uint64_t;
  // A tab follows at most this many records at once (forms, previews, child views).
  static constexpr std::size_t kWatchLimit = 200;

  // A tab added held hears nothing until it is let go: what is published to it meanwhile waits,
  // so that it comes after what the tab is told first (what it missed while away).
  Id add(Subscriber subscriber, bool held = false);
  // Sends `first`, then what waited, and from then on what is published, in that order.
  void letGo(Id id, const std::vector<std::string>& first);
  void remove(Id id);
  // False when the tab already follows kWatchLimit records.
  bool watch(Id id, const RecordKey& record);
  void unwatch(Id id, const RecordKey& record);

  std::size_t size() const;
  // Events sent to tabs since the start, one for each tab that was sent one (for /metrics).
  std::uint64_t eventsSent() const { return sent_.load(std::memory_order_relaxed); }
  bool watched(const RecordKey& record) const;
  // Each tab's session key, for checking that the sessions are still valid.
  std::vector<std::pair<Id, std::string>> sessions() const;
  // Closes one tab, telling it why.
  void end(Id id, const std::string& message);

  void toWatchers(const RecordKey& record, const boost::json::object& message) override;
  void toWatchers(const RecordKey& record, const boost::json::object& message,
                  const Audience& audience) override;
  void toUser(std::int64_t userId, const boost::json::object& message) override;
  void endSession(const std::string& sessionKey, const std::string& message) override;

 private:
  struct Entry {
    Subscriber subscriber;
    std::set<RecordKey> watching;
    bool held = false;
    std::vector<std::string> waiting;
  };
  static void deliver(Entry& entry, const std::string& text);
  void endLocked(Entry& entry, const std::string& message);

  mutable std::mutex mutex_;
  std::atomic<std::uint64_t> sent_{0};
  Id next_ = 1;
  std::map<Id, Entry> entries_;
  std::map<RecordKey, std::set<Id>> watchers_;
};

}  // namespace dossier::realtime
