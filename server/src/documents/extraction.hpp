#pragma once

#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <stop_token>
#include <string>
#include <thread>

#include "core/child_process.hpp"

namespace dossier::db {
class Connection;
}
namespace dossier::environments {
class Environment;
class WorkLease;
}  // namespace dossier::environments

namespace dossier::documents {

// What a document's file may cost to read: the inspector runs under these limits, and what it reads
// is kept up to kMaxStoredText (the rest of a very long file is not searchable).
ChildLimits extractionLimits();
inline constexpr std::size_t kMaxStoredText = 4 * 1024 * 1024;

struct ExtractionOutcome {
  bool read = false;
  std::string text;      // when read
  std::string message;   // when not: why, for the document's record and the person
  bool stopped = false;  // neither: the server is stopping, and the file is read at the next start
};

// Reads the text of one stored file of the given type (its extension) with the inspector; a stop
// requested through `stop` ends the read at once.
ExtractionOutcome extractText(const std::string& file, const std::string& extension,
                              std::stop_token stop = {});

// The text of documents' files, read off the request path: each new version is marked pending in
// the transaction that stores it, and this queue reads the pending ones one at a time — the oldest
// first — in a child process under limits, stores the text (or why it could not be read) and adds a
// change-log row so that the search index takes it in. The queue lives in the database, so that
// work stopped by a restart resumes: stop() ends a read in progress rather than waiting for it (OCR
// at the lowest priority on a busy machine can take minutes), leaving that document pending. Of the
// processes sharing the database, the one holding the "extraction" lease reads (a document is not
// read twice at once); a document whose reader died is read by the next holder, and its text is
// stored only while it is still pending, so that a read done twice is stored once.
class ExtractionQueue {
 public:
  explicit ExtractionQueue(environments::Environment& environment);
  ~ExtractionQueue();
  ExtractionQueue(const ExtractionQueue&) = delete;
  ExtractionQueue& operator=(const ExtractionQueue&) = delete;

  // Reads on a thread of its own, whenever this process holds the lease.
  void start();
  void stop();
  // Reads pending documents until none is left, or limit of them; returns how many were read.
  int runPending(int limit = 1'000'000);
  std::int64_t pendingCount();

 private:
  bool extractOne();
  void loop();
  bool ourTurn() const;
  environments::Environment& environment_;
  // Made by start(): reading on request (runPending) needs none.
  std::unique_ptr<environments::WorkLease> lease_;
  std::thread thread_;
  // Asked by stop(): the loop ends, and a read in progress with it.
  std::stop_source stopSource_;
};

// Documents whose text is still to be read, in the database `db` (an environment's).
std::int64_t pendingExtractions(db::Connection& db);

// A new file was stored: the queues look for work now rather than at their next poll.
void wakeExtraction();

}  // namespace dossier::documents
