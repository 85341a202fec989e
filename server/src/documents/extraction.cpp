#include "documents/extraction.hpp"

#include <chrono>
#include <optional>

#include <spdlog/spdlog.h>

#include "blobs/blob_store.hpp"
#include "blobs/errors.hpp"
#include "core/clock.hpp"
#include "db/connection.hpp"
#include "db/pool.hpp"
#include "documents/file_type.hpp"
#include "environments/environment.hpp"
#include "environments/work_lease.hpp"
#include "index/search_index.hpp"
#include "metrics/registry.hpp"
#include "records/audit.hpp"
#include "records/change_log.hpp"

namespace dossier::documents {

namespace {

constexpr auto kPollInterval = std::chrono::seconds(5);

std::mutex wakeMutex;
std::condition_variable wakeSignal;
std::uint64_t wakeCount = 0;

// Cuts text at most `limit` bytes long without splitting a UTF-8 character.
std::string capped(std::string text, std::size_t limit) {
  if (text.size() <= limit) {
    return text;
  }
  auto end = limit;
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xc0) == 0x80) {
    --end;
  }
  text.resize(end);
  return text;
}

// The last line of what the inspector said on standard error, without its progress lines.
std::string reasonOf(const ChildResult& result) {
  std::string reason;
  std::size_t start = 0;
  while (start < result.errors.size()) {
    const auto end = result.errors.find('\n', start);
    const auto line =
        result.errors.substr(start, end == std::string::npos ? std::string::npos : end - start);
    if (!line.empty() && !line.starts_with("page ")) {
      reason = line;
    }
    if (end == std::string::npos) {
      break;
    }
    start = end + 1;
  }
  return reason;
}

}  // namespace

ChildLimits extractionLimits() {
  ChildLimits limits;
  limits.memoryBytes = 1024ull * 1024 * 1024;
  limits.cpuSeconds = 300;
  limits.wallTime = std::chrono::milliseconds(600'000);
  limits.outputBytes = 64ull * 1024 * 1024;
  return limits;
}

ExtractionOutcome extractText(const std::string& file, const std::string& extension,
                              std::stop_token stop) {
  const auto result =
      runChild(inspectorProgram(), {"text", file, extension}, extractionLimits(), std::move(stop));
  ExtractionOutcome outcome;
  if (result.outcome == ChildResult::Outcome::Stopped) {
    outcome.stopped = true;
    return outcome;
  }
  if (result.succeeded()) {
    outcome.read = true;
    outcome.text = capped(result.output, kMaxStoredText);
    return outcome;
  }
  if (result.outcome == ChildResult::Outcome::OutputTooLarge) {
    // More text than is kept anyway: what arrived is kept.
    outcome.read = true;
    outcome.text = capped(result.output, kMaxStoredText);
    return outcome;
  }
  const auto reason = reasonOf(result);
  if (result.outcome == ChildResult::Outcome::Exited && result.exitCode == 127) {
    outcome.message = "the reader of files (dossier-inspect) could not be started";
  } else if (result.outcome == ChildResult::Outcome::Exited && !reason.empty()) {
    outcome.message = reason;
  } else {
    outcome.message = "reading it was " + result.describe();
  }
  return outcome;
}

void wakeExtraction() {
  {
    std::lock_guard lock(wakeMutex);
    ++wakeCount;
  }
  wakeSignal.notify_all();
}

namespace {

// The inspector reads a file on this machine's disk: the blob store's own, or a copy it makes.
ExtractionOutcome readStoredText(const blobs::BlobStore& blobs, const std::string& blob,
                                 const std::string& extension, std::stop_token stop) {
  const auto file = blobs.localFile(blob);
  if (!file) {
    if (file.error().is(blobs::errors::kNotFound)) {
      return {false, "", "its file is missing from the store"};
    }
    spdlog::error("{}: {}", file.error().code, file.error().message);
    return {false, "", "its file could not be read from the store"};
  }
  return extractText(file->path().string(), extension, std::move(stop));
}

}  // namespace

ExtractionQueue::ExtractionQueue(environments::Environment& environment)
    : environment_(environment) {}

ExtractionQueue::~ExtractionQueue() {
  stop();
}

void ExtractionQueue::start() {
  if (!thread_.joinable()) {
    if (!lease_) {
      lease_ = std::make_unique<environments::WorkLease>(environment_.db(), environment_.key(),
                                                         "extraction");
    }
    stopSource_ = std::stop_source();
    thread_ = std::thread([this] { loop(); });
  }
}

void ExtractionQueue::stop() {
  stopSource_.request_stop();
  wakeSignal.notify_all();
  if (thread_.joinable()) {
    thread_.join();
  }
}

std::int64_t pendingExtractions(db::Connection& db) {
  auto row = db.query("SELECT COUNT(*) FROM documents WHERE extraction_status = 'pending'");
  row.step();
  return row.integer(0);
}

std::int64_t ExtractionQueue::pendingCount() {
  auto db = environment_.db().acquire();
  return pendingExtractions(*db);
}

bool ExtractionQueue::extractOne() {
  std::int64_t documentId = 0;
  std::int64_t versionId = 0;
  std::string blob;
  std::string extension;
  {
    auto db = environment_.db().acquire();
    auto row = db->query(
        "SELECT d.id, v.id, v.blob, v.file_type, d.deleted FROM documents d "
        "JOIN document_versions v ON v.id = d.current_version_id "
        "WHERE d.extraction_status = 'pending' ORDER BY d.id LIMIT 1");
    if (!row.step()) {
      return false;
    }
    documentId = row.integer(0);
    versionId = row.integer(1);
    blob = row.text(2);
    extension = row.text(3);
    if (row.boolean(4)) {
      db->execute("UPDATE documents SET extraction_status = 'none' WHERE id = ?1", documentId);
      return true;
    }
  }
  // The same content read before (a standard letter filed on many cases, a file checked in
  // again unchanged) is not read again.
  std::optional<std::string> known;
  {
    auto db = environment_.db().acquire();
    auto row = db->query(
        "SELECT d.content FROM documents d JOIN document_versions v ON v.id = d.current_version_id "
        "WHERE v.blob = ?1 AND d.extraction_status = 'done' AND d.content IS NOT NULL LIMIT 1",
        blob);
    if (row.step()) {
      known = row.text(0);
    }
  }
  const auto started = std::chrono::steady_clock::now();
  auto outcome =
      known ? ExtractionOutcome{true, std::move(*known), ""}
            : readStoredText(environment_.blobs(), blob, extension, stopSource_.get_token());
  if (outcome.stopped) {
    spdlog::info(
        "{}: reading the text of document {} stopped with the server; it is read again "
        "at the next start",
        environment_.key(), documentId);
    return false;
  }
  const auto took = std::chrono::duration_cast<std::chrono::milliseconds>(
      std::chrono::steady_clock::now() - started);
  metrics::processRegistry()
      .counter("dossier_extraction_documents_total",
               "Documents whose text the extraction queue has read, or could not read, by "
               "environment and outcome (read, failed).",
               {"environment", "outcome"})
      .with({environment_.key(), outcome.read ? "read" : "failed"})
      .increment();
  if (!outcome.read) {
    spdlog::warn("{}: the text of document {} could not be read: {}", environment_.key(),
                 documentId, outcome.message);
  } else {
    spdlog::debug("{}: read {} bytes of text from document {} in {} ms", environment_.key(),
                  outcome.text.size(), documentId, took.count());
  }
  {
    auto db = environment_.db().acquire();
    db::Transaction transaction(*db);
    // A newer version stored meanwhile stays pending: its own text is read next.
    const int written = db->execute(
        "UPDATE documents SET content = ?1, extraction_status = ?2, extraction_message = ?3 "
        "WHERE id = ?4 AND current_version_id = ?5 AND extraction_status = 'pending'",
        outcome.read ? std::optional<std::string>(std::move(outcome.text)) : std::nullopt,
        outcome.read ? "done" : "failed",
        outcome.read ? std::nullopt : std::optional<std::string>(outcome.message), documentId,
        versionId);
    if (written > 0) {
      records::appendChange(*db, "document", documentId, "extracted", Clock::now());
      // The case's documents grid shows whether a document's text was read.
      std::optional<std::int64_t> caseId;
      std::string security;
      {
        auto owner = db->query("SELECT case_id, security FROM documents WHERE id = ?1", documentId);
        if (owner.step()) {
          caseId = owner.integer(0);
          security = owner.text(1);
        }
      }
      if (caseId) {
        records::markPartChanged(*db, types::EntityKind::Case, *caseId,
                                 records::RecordPart::Documents, Clock::now(), security);
      }
    }
    transaction.commit();
  }
  if (auto* index = environment_.index()) {
    index->notify();
  }
  return true;
}

bool ExtractionQueue::ourTurn() const {
  return !lease_ || lease_->held();
}

int ExtractionQueue::runPending(int limit) {
  int done = 0;
  while (done < limit && !stopSource_.stop_requested() && ourTurn() && extractOne()) {
    ++done;
  }
  return done;
}

void ExtractionQueue::loop() {
  std::uint64_t seen = 0;
  while (!stopSource_.stop_requested()) {
    try {
      runPending();
    } catch (const std::exception& e) {
      // The next round tries again; serving goes on meanwhile.
      spdlog::error("{}: reading documents' text failed: {}", environment_.key(), e.what());
    }
    std::unique_lock lock(wakeMutex);
    wakeSignal.wait_for(lock, kPollInterval,
                        [&] { return stopSource_.stop_requested() || wakeCount != seen; });
    seen = wakeCount;
  }
}

}  // namespace dossier::documents
