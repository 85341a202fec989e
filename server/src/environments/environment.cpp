#include "environments/environment.hpp"

#include <spdlog/spdlog.h>

#include "blobs/database_blob_store.hpp"
#include "blobs/file_blob_store.hpp"
#include "db/pool.hpp"
#include "environments/change_feed.hpp"
#include "index/search_index.hpp"
#include "realtime/fanout.hpp"
#include "types/entity_type.hpp"
#include "uploads/database_upload_store.hpp"
#include "uploads/file_upload_store.hpp"

namespace dossier::environments {

namespace {
constexpr auto kSaveWait = std::chrono::milliseconds(2000);
// How long one wait for another process's commit lasts before the link is looked at again.
constexpr auto kCommitWatchRound = std::chrono::seconds(5);
// Where a process tells the others that a session ended: "<session key>\n<message>".
constexpr const char* kSessionEndedChannel = "dossier_session_ended";
// Where a process tells the others that sessions or their users changed (nothing more is said).
constexpr const char* kSessionsChangedChannel = "dossier_sessions_changed";
}  // namespace

Stores::Stores() = default;
Stores::Stores(Stores&&) noexcept = default;
Stores& Stores::operator=(Stores&&) noexcept = default;
Stores::~Stores() = default;

Stores filesUnder(const std::filesystem::path& dataFolder) {
  Stores stores;
  stores.blobs = std::make_unique<blobs::FileBlobStore>(dataFolder / "blobs");
  stores.uploads =
      std::make_unique<uploads::FileUploadStore>(dataFolder / "uploads", *stores.blobs);
  return stores;
}

Stores inDatabase(db::Pool& pool) {
  Stores stores;
  stores.blobs = std::make_unique<blobs::DatabaseBlobStore>(pool);
  stores.uploads = std::make_unique<uploads::DatabaseUploadStore>(pool);
  return stores;
}

Stores storesFor(db::Pool& pool, const std::filesystem::path& dataFolder) {
  return pool.local() ? filesUnder(dataFolder) : inDatabase(pool);
}

Environment::Environment(EnvironmentConfig config, std::filesystem::path dataFolder,
                         std::unique_ptr<db::Pool> db, Stores stores)
    : config_(std::move(config)),
      dataFolder_(std::move(dataFolder)),
      db_(std::move(db)),
      blobs_(std::move(stores.blobs)),
      uploads_(std::move(stores.uploads)),
      hub_(std::make_unique<realtime::Fanout>()) {}

Environment::~Environment() = default;

const types::Catalog& Environment::catalog() const {
  static const types::Catalog empty;
  return config_.catalog ? *config_.catalog : empty;
}

Result<std::unique_ptr<index::SearchIndex>> Environment::openIndex() {
  return index::SearchIndex::open(
      {dataFolder_ / "index", config_.catalog, config_.searchLanguage, std::nullopt}, *db_);
}

void Environment::attachIndex(std::unique_ptr<index::SearchIndex> index) {
  index_ = std::move(index);
}

void Environment::startChangeFeed(std::vector<FeedSource> sources) {
  feed_ = std::make_unique<ChangeFeed>(*db_, *hub_, catalog());
  for (auto& source : sources) {
    feed_->addSource(std::move(source));
  }
  feed_->start();
  // A save on another process reaches this one's tabs and search at once, not at the next poll.
  if (auto signal = db_->listenForCommits({kSessionEndedChannel, kSessionsChangedChannel})) {
    commitWatch_ = std::jthread([this, signal = std::move(signal)](std::stop_token stop) {
      while (!stop.stop_requested()) {
        const auto heard = signal->wait(kCommitWatchRound, stop);
        if (heard.committed) {
          feed_->wake();
          if (index_) {
            index_->notify();
          }
        }
        for (const auto& [channel, told] : heard.told) {
          const auto split = told.find('\n');
          if (channel == kSessionEndedChannel && split != std::string::npos) {
            hub_->endSession(told.substr(0, split), told.substr(split + 1));
          }
          // This process hears its own notices too: forgetting once more costs a check each.
          ++sessionChangesHeard_;
        }
      }
    });
  }
}

void Environment::tellOtherProcesses(const char* channel, const std::string& message) {
  if (db_->local()) {
    return;  // an SQLite file has one server process: nobody else to tell
  }
  try {
    auto db = db_->acquire();
    db->tellOthers(channel, message);
  } catch (const std::exception& e) {
    // Their own checks catch up: a tab's session within fifteen seconds, a remembered session
    // within a second.
    spdlog::warn("{}: could not tell the other processes on {}: {}", key(), channel, e.what());
  }
}

void Environment::endHubSession(const std::string& sessionKey, const std::string& message) {
  hub_->endSession(sessionKey, message);
  tellOtherProcesses(kSessionEndedChannel, sessionKey + "\n" + message);
}

void Environment::tellSessionsChanged() {
  tellOtherProcesses(kSessionsChangedChannel, "");
}

void Environment::announceChanges() {
  if (feed_) {
    feed_->wake();
  }
}

void Environment::awaitIndexed() {
  announceChanges();
  if (index_ && !index_->waitUntilCurrent(kSaveWait)) {
    spdlog::warn("environment {}: a save was not searchable within {} ms", key(),
                 kSaveWait.count());
  }
}

}  // namespace dossier::environments
