#include "app/housekeeping.hpp"

#include <spdlog/spdlog.h>

#include "auth/retention.hpp"
#include "blobs/blob_store.hpp"
#include "db/pool.hpp"
#include "documents/document_rows.hpp"
#include "documents/downloads.hpp"
#include "documents/uploads.hpp"
#include "environments/registry.hpp"

namespace dossier::app {

namespace {

constexpr auto kUploadLifetime = std::chrono::hours(24);
constexpr auto kBlobGrace = std::chrono::hours(1);

}  // namespace

Housekeeping::Housekeeping(environments::Registry& registry, std::chrono::seconds every)
    : registry_(registry), every_(every), thread_([this](std::stop_token stop) { loop(stop); }) {}

Housekeeping::~Housekeeping() {
  thread_.request_stop();
  wake_.notify_all();
}

void Housekeeping::runOnce(environments::Registry& registry) {
  for (auto* environment : registry.all()) {
    try {
      auto db = environment->db().acquire();
      const auto purged = auth::purgeExpired(*db, environment->config(), Clock::now());
      if (purged.sessions + purged.throttle + purged.audit > 0) {
        spdlog::info("{}: cleared {} ended sessions, {} old sign-in failures, {} audit rows",
                     environment->key(), purged.sessions, purged.throttle, purged.audit);
      }
      documents::removeExpiredDownloadTokens(*db, Clock::now());
      // Uploads abandoned, or finished and taken by no document, for a day; then file content
      // that neither an upload nor a document version refers to. A blob younger than the grace
      // period is left: a save may be about to refer to it.
      documents::UploadStore uploads(environment->dataFolder() / "uploads");
      const int abandoned = uploads.sweep(kUploadLifetime);
      const auto kept = uploads.blobsKept();
      blobs::BlobStore blobs(environment->dataFolder() / "blobs");
      const int unreferenced = blobs.sweep(
          [&](const std::string& sha256) {
            return kept.contains(sha256) || documents::blobIsReferenced(*db, sha256);
          },
          kBlobGrace);
      if (abandoned + unreferenced > 0) {
        spdlog::info("{}: cleared {} old uploads, {} unreferenced files", environment->key(),
                     abandoned, unreferenced);
      }
    } catch (const std::exception& e) {
      // The next round tries again; serving goes on meanwhile.
      spdlog::error("{}: clearing out expired rows failed: {}", environment->key(), e.what());
    }
  }
}

void Housekeeping::loop(std::stop_token stop) {
  while (!stop.stop_requested()) {
    runOnce(registry_);
    std::unique_lock lock(mutex_);
    wake_.wait_for(lock, stop, every_, [] { return false; });
  }
}

}  // namespace dossier::app
