#pragma once

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <typeindex>
#include <vector>

#include "config/environment_config.hpp"
#include "core/result.hpp"
#include "environments/feed_source.hpp"

namespace dossier::blobs {
class BlobStore;
}
namespace dossier::db {
class Pool;
}
namespace dossier::index {
class SearchIndex;
}
namespace dossier::types {
class Catalog;
}
namespace dossier::realtime {
class Fanout;
}
namespace dossier::uploads {
class UploadStore;
}

namespace dossier::environments {

class ChangeFeed;

// Named here, as the class's config() accessor hides the namespace inside it.
using EnvironmentConfig = config::EnvironmentConfig;

// Where an environment keeps file content and unfinished uploads.
struct Stores {
  // Made where the stores' types are whole (environment.cpp), so that this header needs neither.
  Stores();
  Stores(Stores&&) noexcept;
  Stores& operator=(Stores&&) noexcept;
  ~Stores();

  std::unique_ptr<blobs::BlobStore> blobs;
  // Hands finished uploads to `blobs`, which must outlive it.
  std::unique_ptr<uploads::UploadStore> uploads;
};

// The stores of an environment whose files are on this machine's disk: data/<env>/blobs and
// data/<env>/uploads.
Stores filesUnder(const std::filesystem::path& dataFolder);

// The stores of an environment whose database is `pool` (which outlives them): in that database
// (blobs/database_blob_store.hpp, uploads/database_upload_store.hpp).
Stores inDatabase(db::Pool& pool);

// Where an environment keeps file content and unfinished uploads, the one choice every opener of
// an environment makes (the server, the commands): in its database when several processes may
// share it (a database that is not a file on this machine: PostgreSQL), so that a file written by
// one is read by all; on this machine's disk, under dataFolder, when the database is an SQLite
// file that only processes on this machine open.
Stores storesFor(db::Pool& pool, const std::filesystem::path& dataFolder);

// One isolated deployment: its configuration, its own database, search index, blobs and uploads.
class Environment {
 public:
  Environment(EnvironmentConfig config, std::filesystem::path dataFolder,
              std::unique_ptr<db::Pool> db, Stores stores);
  ~Environment();
  Environment(const Environment&) = delete;
  Environment& operator=(const Environment&) = delete;

  const std::string& key() const { return config_.key; }
  const EnvironmentConfig& config() const { return config_; }
  // Its case and person types and groups (every environment has a catalog, possibly empty).
  const types::Catalog& catalog() const;
  const std::filesystem::path& dataFolder() const { return dataFolder_; }
  db::Pool& db() { return *db_; }
  // The content of documents' versions, by SHA-256: every reader and writer of it asks here.
  blobs::BlobStore& blobs() const { return *blobs_; }
  // Uploads not yet filed as documents (the tus protocol's state).
  uploads::UploadStore& uploads() const { return *uploads_; }

  // Opens data/<env>/index for writing (refused while another process holds it), without
  // attaching it: the reindex and seed commands work on it directly.
  Result<std::unique_ptr<index::SearchIndex>> openIndex();
  // The search index once the server has attached it; null before, and in commands.
  index::SearchIndex* index() const { return index_.get(); }
  void attachIndex(std::unique_ptr<index::SearchIndex> index);
  // A save returns once the index holds its change, so that a person finds what they just saved;
  // the wait is bounded, and an environment without an index does not wait.
  void awaitIndexed();

  // The tabs connected to the realtime hub, and what is published to them.
  realtime::Fanout& hub() { return *hub_; }
  // Starts telling the hub what is committed (environments/change_feed.hpp): the server does, the
  // commands do not. When the database tells of other processes' commits (PostgreSQL), the feed
  // and the search index hear of them at once rather than at their next poll.
  // `sources`: what features tell the hub of their own (environments/feed_source.hpp).
  void startChangeFeed(std::vector<FeedSource> sources = {});
  // Something was just committed: the feed looks now rather than at its next round.
  void announceChanges();
  // Closes the hub connections of a session that ended (signed out), telling them why: this
  // process's at once, and those of the other processes sharing the database as soon as they hear.
  void endHubSession(const std::string& sessionKey, const std::string& message);
  // A session or its user changed here (signed out, password changed, a preference set): the other
  // processes sharing the database are told, and forget what they remembered of sessions.
  void tellSessionsChanged();
  // How many times another process has said so (or ended a session), since this one started: a
  // feature that remembers sessions forgets them when the count moves.
  std::uint64_t sessionChangesHeard() const { return sessionChangesHeard_.load(); }
  // The feed once started; null before, and in commands.
  ChangeFeed* changeFeed() const { return feed_.get(); }

  // A feature's own state for this environment (a cache of what it read), made on first use and
  // kept as long as the environment: the environment holds it without knowing the feature, as an
  // I/O context holds its services.
  template <class State>
  State& featureState() {
    std::lock_guard lock(featureStatesMutex_);
    auto& held = featureStates_[std::type_index(typeid(State))];
    if (!held) {
      held = std::make_shared<State>();
    }
    return *static_cast<State*>(held.get());
  }

 private:
  // Says something to the other processes sharing the database (PostgreSQL NOTIFY); a failure is
  // logged, as their own checks catch up.
  void tellOtherProcesses(const char* channel, const std::string& message);

  EnvironmentConfig config_;
  std::filesystem::path dataFolder_;
  std::unique_ptr<db::Pool> db_;
  std::unique_ptr<blobs::BlobStore> blobs_;
  // Declared after the blobs, into which it moves finished uploads: it goes first.
  std::unique_ptr<uploads::UploadStore> uploads_;
  // Declared after the database: its indexer stops before the database closes.
  std::unique_ptr<index::SearchIndex> index_;
  std::unique_ptr<realtime::Fanout> hub_;
  std::mutex featureStatesMutex_;
  std::map<std::type_index, std::shared_ptr<void>> featureStates_;
  std::atomic<std::uint64_t> sessionChangesHeard_{0};
  // Declared after the index: it stops first, while the database and the hub are still there.
  std::unique_ptr<ChangeFeed> feed_;
  // Declared last: it stops before what it wakes goes.
  std::jthread commitWatch_;
};

}  // namespace dossier::environments
