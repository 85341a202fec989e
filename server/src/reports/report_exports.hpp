#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/json/object.hpp>

#include "core/clock.hpp"

namespace dossier::db {
class Connection;
}

namespace dossier::reports {

// The rows of report_exports (migration 0021): an export that runs in the background, from queued
// to done, failed or cancelled. Only this file writes them.

enum class ExportStatus { Queued, Running, Done, Failed, Cancelled };
std::string_view statusWord(ExportStatus status);

struct BackgroundExport {
  std::int64_t id = 0;
  std::int64_t userId = 0;
  std::string reportCode;
  std::string heading;
  std::string format;
  std::string filters;  // the filter values as the request gave them, JSON
  ExportStatus status = ExportStatus::Queued;
  std::int64_t rowsDone = 0;
  std::optional<std::int64_t> rowsTotal;
  std::string message;  // why it failed
  std::string blob;     // the file's SHA-256 in the blob store, once done
  std::int64_t fileSize = 0;
  std::string fileName;
  std::string mediaType;
  std::string runner;
  std::optional<TimePoint> heartbeatAt;
  bool cancelRequested = false;
  TimePoint createdAt{};
  std::optional<TimePoint> finishedAt;

  bool finished() const {
    return status == ExportStatus::Done || status == ExportStatus::Failed ||
           status == ExportStatus::Cancelled;
  }
};

// As the API and the hub give it (openapi.yaml ReportExport); `keptUntil` when a finished file is
// still to be had.
boost::json::object exportJson(const BackgroundExport& exported,
                               std::optional<TimePoint> keptUntil);

struct NewExport {
  std::int64_t userId = 0;
  std::string reportCode;
  std::string heading;
  std::string format;
  std::string filters;
  std::int64_t rowsTotal = 0;
};
std::int64_t queueExport(db::Connection& db, const NewExport& exported, TimePoint now);

std::optional<BackgroundExport> exportById(db::Connection& db, std::int64_t id);
// A person's exports, newest first, at most `limit`.
std::vector<BackgroundExport> exportsOf(db::Connection& db, std::int64_t userId, int limit);
// How many of a person's exports are queued or running.
int unfinishedExportsOf(db::Connection& db, std::int64_t userId);

// Takes the oldest queued export for `runner`: it is running from now, and no other runner takes
// it. Nothing when none is queued (or another runner took it first).
std::optional<BackgroundExport> claimNextExport(db::Connection& db, const std::string& runner,
                                                TimePoint now);
// Exports whose runner's heartbeat stopped before `silentSince` go back to the queue; how many.
int requeueSilentExports(db::Connection& db, TimePoint silentSince);

// The runner's heartbeat: rows written so far. Whether the person asked to cancel; nothing when
// the export is no longer this runner's (it was given to another).
std::optional<bool> beatExport(db::Connection& db, std::int64_t id, const std::string& runner,
                               std::int64_t rowsDone, TimePoint now);

struct FinishedFile {
  std::string blob;
  std::int64_t size = 0;
  std::string fileName;
  std::string mediaType;
  std::int64_t rows = 0;
};
// A file made elsewhere (a scheduled report sent as a link) kept as one of the person's finished
// exports, fetched from their list.
std::int64_t addFinishedExport(db::Connection& db, const NewExport& exported,
                               const FinishedFile& file, TimePoint now);
// Each true when the export was still this runner's to finish.
bool completeExport(db::Connection& db, std::int64_t id, const std::string& runner,
                    const FinishedFile& file, TimePoint now);
bool failExport(db::Connection& db, std::int64_t id, const std::string& runner,
                const std::string& message, TimePoint now);
bool cancelledWhileRunning(db::Connection& db, std::int64_t id, const std::string& runner,
                           TimePoint now);
// Puts a running export back in the queue (its server is stopping): another takes it up.
void giveBackExport(db::Connection& db, std::int64_t id, const std::string& runner);

// The person asks to cancel: a queued export is cancelled at once, a running one when its runner
// next beats. False when it had already finished.
bool requestCancel(db::Connection& db, std::int64_t id, TimePoint now);

// Exports that are queued or running, or that finished at or after `finishedSince`: what the hub
// tells their owners about.
std::vector<BackgroundExport> exportsInMotion(db::Connection& db, TimePoint finishedSince);

// Removes the exports that finished before `cutoff` (their files go with the next sweep); how many.
int forgetExportsBefore(db::Connection& db, TimePoint cutoff);
// Whether a kept export's file is this blob (the sweep leaves it).
bool exportKeepsBlob(db::Connection& db, std::string_view sha256);

}  // namespace dossier::reports
