#pragma once

// Inside the search folder only: the Xapian side of SearchIndex.

#include <atomic>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <xapian.h>

#include "index/common_words.hpp"
#include "index/search_index.hpp"
#include "index/stored_hits.hpp"

namespace dossier::index {

// The index's types, with how many records each holds, and its sets of viewing groups, at one
// revision: what a search's restrictions are decided from.
struct IndexCensus {
  std::string database;  // the index's UUID: a rebuilt index is another database
  Xapian::rev revision = 0;
  std::map<std::string, Xapian::doccount> typeFrequency;  // "case:COMP" → records
  std::vector<std::string> viewerSets;                    // "caseworkers,investigators"
  std::vector<std::string> documentViewerSets;
  // Built with the configuration the server runs (and not an index of the one before, searched
  // while its rebuild runs): its records' viewer sets are their types' as configured now.
  bool ofThisConfiguration = false;
};

// A reader of the pool, and the count of the writer's commits when it last looked for a newer
// revision.
struct PooledReader {
  std::unique_ptr<Xapian::Database> database;
  std::uint64_t commitsSeen = 0;

  Xapian::Database& operator*() const { return *database; }
  Xapian::Database* operator->() const { return database.get(); }
};

struct SearchIndex::Impl {
  IndexOptions options;
  db::Pool* pool = nullptr;
  Xapian::Stem stemmer;  // the writer's only: a stemmer is not safe to share between threads
  std::string fingerprint;

  // The one writer: the indexer thread, or a command such as reindex.
  std::mutex writeMutex;
  std::unique_ptr<Xapian::WritableDatabase> writer;

  // Readers are not thread-safe; each search borrows one. The generation changes when a rebuilt
  // index is put in place, so readers of the old one are opened again.
  std::mutex readerMutex;
  std::vector<PooledReader> readers;
  std::atomic<std::uint64_t> generation{0};
  std::uint64_t readersGeneration = 0;
  // Moved on before and after each commit of the writer. The writer holds the index's lock for
  // the life of this object, so no other process commits to it: a reader that has seen the
  // count is at the latest revision and need not look (reopen() opened and read the version
  // file each search).
  std::atomic<std::uint64_t> commits{0};

  std::atomic<std::int64_t> applied{0};
  // Searches reading now: while there are any, commits are paced (search_index.cpp).
  std::atomic<int> searching{0};
  std::mutex stateMutex;
  std::condition_variable wake;      // work for the indexer
  std::condition_variable applied_;  // the applied sequence moved
  bool pending = false;
  bool stopping = false;
  // Passes over the change log asked for by saves waiting to be searchable, and the last of them
  // a finished pass began after: a pass that begins after a commit reads it, so a save waits for
  // its pass rather than asking the database how far the log goes.
  std::uint64_t passesAsked = 0;
  std::uint64_t passesBegun = 0;  // passesAsked when the last pass began
  std::uint64_t passesServed = 0;
  std::thread thread;

  // What the restrictions of a search are decided from, counted once per revision of the index
  // rather than by every search (a scan of the terms of a 2.7 GB index took 1.5 ms).
  std::mutex censusMutex;
  std::shared_ptr<const IndexCensus> census;
  std::shared_ptr<const IndexCensus> censusOf(const Xapian::Database& reader);

  // The commonest words of one- and two-letter prefixes, for suggestions.
  CommonWords commonWords;
  // What the hits searches showed hold, for the revision they were read at.
  StoredHits storedHits;

  PooledReader borrowReader();
  void returnReader(PooledReader reader);
  // Brackets a commit of the writer (see `commits`).
  void committing() { commits.fetch_add(1, std::memory_order_release); }
  void publishApplied(std::int64_t sequence);
};

}  // namespace dossier::index
