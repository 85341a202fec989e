#include "app/housekeeping.hpp"

#include <spdlog/spdlog.h>

#include "auth/retention.hpp"
#include "auth/sessions.hpp"
#include "blobs/blob_store.hpp"
#include "core/thread_priority.hpp"
#include "db/pool.hpp"
#include "documents/document_rows.hpp"
#include "documents/downloads.hpp"
#include "documents/upload_quota.hpp"
#include "downloads/file_downloads.hpp"
#include "environments/registry.hpp"
#include "environments/work_lease.hpp"
#include "realtime/fanout.hpp"
#include "records/macro_choices.hpp"
#include "records/notifications.hpp"
#include "reports/report_exports.hpp"
#include "uploads/upload_store.hpp"

namespace dossier::app {

namespace {

constexpr auto kUploadLifetime = std::chrono::hours(24);
constexpr auto kBlobGrace = std::chrono::hours(1);
// How soon an open hub connection learns that its session ended other than by signing out (which
// closes it at once).
constexpr auto kHubSessionCheck = std::chrono::seconds(15);

}  // namespace

Housekeeping::Housekeeping(environments::Registry& registry, std::chrono::seconds every)
    : registry_(registry),
      every_(every),
      leases_([&] {
        std::map<environments::Environment*, std::unique_ptr<environments::WorkLease>> leases;
        for (auto* environment : registry.all()) {
          leases.emplace(environment, std::make_unique<environments::WorkLease>(
                                          environment->db(), environment->key(), "housekeeping"));
        }
        return leases;
      }()),
      thread_([this](std::stop_token stop) { loop(stop); }),
      sweepThread_([this](std::stop_token stop) { sweepLoop(stop); }),
      hubThread_([this](std::stop_token stop) { hubLoop(stop); }) {}

Housekeeping::~Housekeeping() {
  thread_.request_stop();
  sweepThread_.request_stop();
  hubThread_.request_stop();
  wake_.notify_all();
}

int Housekeeping::endLapsedHubSessions(environments::Registry& registry) {
  int ended = 0;
  for (auto* environment : registry.all()) {
    auto& hub = environment->hub();
    const auto sessions = hub.sessions();
    if (sessions.empty()) {
      continue;
    }
    try {
      auto db = environment->db().acquire();
      const auto now = Clock::now();
      for (const auto& [id, key] : sessions) {
        const auto valid =
            auth::sessionStillValid(*db, std::stoll(key), environment->config().sessions, now);
        if (!valid) {
          hub.end(id, valid.error().message);
          ++ended;
        }
      }
    } catch (const std::exception& e) {
      spdlog::error("{}: checking the hub's sessions failed: {}", environment->key(), e.what());
    }
  }
  return ended;
}

void Housekeeping::hubLoop(std::stop_token stop) {
  while (!stop.stop_requested()) {
    {
      std::unique_lock lock(mutex_);
      wake_.wait_for(lock, stop, kHubSessionCheck, [] { return false; });
    }
    if (!stop.stop_requested()) {
      endLapsedHubSessions(registry_);
    }
  }
}

void Housekeeping::runOnce(environments::Registry& registry) {
  for (auto* environment : registry.all()) {
    runOnceIn(*environment);
  }
}

void Housekeeping::runOnceIn(environments::Environment& environment) {
  clearExpiredIn(environment);
  sweepFilesIn(environment);
}

void Housekeeping::clearExpiredIn(environments::Environment& environment) {
  try {
    auto db = environment.db().acquire();
    const auto purged = auth::purgeExpired(*db, environment.config(), Clock::now());
    if (purged.sessions + purged.throttle + purged.audit + purged.knownAddresses > 0) {
      spdlog::info(
          "{}: cleared {} ended sessions, {} old sign-in failures, {} audit rows, {} sign-in "
          "addresses no longer known",
          environment.key(), purged.sessions, purged.throttle, purged.audit, purged.knownAddresses);
    }
    documents::removeExpiredDownloadTokens(*db, Clock::now());
    downloads::removeExpiredFileTokens(*db, Clock::now());
    // Read notifications are kept for 90 days; unread ones until they are read.
    records::removeReadNotificationsBefore(*db, Clock::now() - std::chrono::days(90));
    // A macro search left unanswered for a day is given up (Cancel Task starts afresh).
    records::removeMacroChoicesBefore(*db, Clock::now() - std::chrono::days(1));
    // Uploads abandoned, or finished and taken by no document, for a day: their rows, what they
    // held of the upload limits and which ones documents took (their files go with the sweep).
    documents::forgetUploadsBefore(*db, Clock::now() - kUploadLifetime);
    // Reports' background exports, once their files were kept long enough.
    reports::forgetExportsBefore(*db, Clock::now() - environment.config().reports.keepExportsFor);
  } catch (const std::exception& e) {
    // The next round tries again; serving goes on meanwhile.
    spdlog::error("{}: clearing out expired rows failed: {}", environment.key(), e.what());
  }
}

void Housekeeping::sweepFilesIn(environments::Environment& environment) {
  try {
    // Uploads abandoned for a day; then file content that neither an upload nor a document
    // version refers to. A blob younger than the grace period is left: a save may be about to
    // refer to it. The stores may keep their content in the database and borrow connections of
    // its pool: each check takes one and gives it back.
    auto& uploads = environment.uploads();
    const int abandoned = uploads.sweep(kUploadLifetime);
    const auto kept = uploads.blobsKept();
    const int unreferenced = environment.blobs().sweep(
        [&](const std::string& sha256) {
          if (kept.contains(sha256)) {
            return true;
          }
          auto lease = environment.db().acquire();
          return documents::blobIsReferenced(*lease, sha256) ||
                 downloads::fileTokenNames(*lease, sha256) ||
                 reports::exportKeepsBlob(*lease, sha256);
        },
        kBlobGrace);
    if (abandoned + unreferenced > 0) {
      spdlog::info("{}: cleared {} old uploads, {} unreferenced files", environment.key(),
                   abandoned, unreferenced);
    }
  } catch (const std::exception& e) {
    spdlog::error("{}: sweeping files no one refers to failed: {}", environment.key(), e.what());
  }
}

void Housekeeping::loop(std::stop_token stop) {
  while (!stop.stop_requested()) {
    for (const auto& [environment, lease] : leases_) {
      if (lease->held()) {
        clearExpiredIn(*environment);
      }
    }
    std::unique_lock lock(mutex_);
    wake_.wait_for(lock, stop, every_, [] { return false; });
  }
}

void Housekeeping::sweepLoop(std::stop_token stop) {
  // Reading every file's name and asking the database about each takes a second of CPU and more
  // where documents are many (0.9 s for 190,000): as heavy work, beside the searches rather
  // than ahead of them (at the default priority it took the cores from them for its seconds).
  // Not at start, where a server has more pressing work (its caches, the people reconnecting):
  // a file is left an hour after it was written whatever the sweep, so one round later loses
  // nothing.
  yieldThisThread(kHeavyNice);
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      wake_.wait_for(lock, stop, every_, [] { return false; });
    }
    if (stop.stop_requested()) {
      return;
    }
    for (const auto& [environment, lease] : leases_) {
      if (stop.stop_requested()) {
        return;
      }
      if (lease->held()) {
        sweepFilesIn(*environment);
      }
    }
  }
}

}  // namespace dossier::app
