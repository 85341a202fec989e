#include "index/search_index.hpp"

#include <algorithm>
#include <chrono>
#include <map>
#include <thread>

#include <spdlog/spdlog.h>

#include "db/connection.hpp"
#include "db/pool.hpp"
#include "index/document_source.hpp"
#include "index/errors.hpp"
#include "index/index_document.hpp"
#include "index/index_impl.hpp"
#include "index/index_terms.hpp"
#include "index/other_names.hpp"
#include "records/change_log.hpp"
#include "records/records.hpp"
#include "types/entity_type.hpp"

namespace dossier::index {

using types::EntityKind;

const std::shared_ptr<const HitFields>& noHitFields() {
  static const auto none = std::make_shared<const HitFields>();
  return none;
}

namespace {

// Xapian's lock on the index is held through a descriptor, and a child process forked by another
// thread (a macro runner, the file inspector) holds a copy of every descriptor until it execs: a
// writer opened in that moment is refused though no other writer exists. Refused for longer than
// this, the index is another process's.
constexpr auto kLockCopiesLast = std::chrono::seconds(1);

std::unique_ptr<Xapian::WritableDatabase> openWriter(const std::filesystem::path& folder) {
  const auto giveUp = std::chrono::steady_clock::now() + kLockCopiesLast;
  for (;;) {
    try {
      return std::make_unique<Xapian::WritableDatabase>(folder.string(), Xapian::DB_CREATE_OR_OPEN);
    } catch (const Xapian::DatabaseLockError&) {
      if (std::chrono::steady_clock::now() >= giveUp) {
        throw;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  }
}

// Rows of the change log applied in one commit.
constexpr int kBatchSize = 2000;
// How often the indexer looks for changes written by another process (one sharing the database).
constexpr auto kPollInterval = std::chrono::seconds(2);
constexpr auto kMinCommitInterval = std::chrono::milliseconds(50);
// Between two commits at least, whether or not anyone searches (below).
constexpr auto kGroupCommitInterval = std::chrono::milliseconds(5);

std::int64_t storedSequence(const Xapian::Database& database) {
  const auto text = database.get_metadata(kAppliedSequenceKey);
  return text.empty() ? 0 : std::stoll(text);
}

EntityKind kindOf(const std::string& name) {
  return name == "case" ? EntityKind::Case : EntityKind::Person;
}

Error indexError(const std::string& what, const Xapian::Error& error) {
  spdlog::error("search index: {}: {}", what, error.get_description());
  return Error::of(errors::kXapianError,
                   "The search index could not " + what + ": " + error.get_msg() + ".");
}

std::unique_ptr<Xapian::TermGenerator> termGenerator(const Xapian::Stem& stemmer) {
  auto terms = std::make_unique<Xapian::TermGenerator>();
  terms->set_stemmer(stemmer);
  terms->set_stemming_strategy(Xapian::TermGenerator::STEM_SOME);
  return terms;
}

// A case's document as it is now: indexed, or gone from the index when deleted, its case gone or
// its case's type no longer configured.
void applyDocument(db::Connection& db, const types::Catalog& catalog, std::int64_t id,
                   Xapian::WritableDatabase& writer, Xapian::TermGenerator& terms,
                   const std::string& language) {
  const auto source = findDocumentSource(db, id);
  const auto* caseType =
      source && !source->deleted ? catalog.find(EntityKind::Case, source->caseTypeRef) : nullptr;
  if (caseType != nullptr) {
    writer.replace_document(uniqueDocumentTerm(id),
                            indexCaseDocument(*source, *caseType, catalog, terms, language));
  } else {
    writer.delete_document(uniqueDocumentTerm(id));
  }
}

}  // namespace

SearchIndex::SearchIndex(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

SearchIndex::~SearchIndex() {
  stop();
}

Result<std::unique_ptr<SearchIndex>> SearchIndex::open(IndexOptions options, db::Pool& pool) {
  auto impl = std::make_unique<Impl>();
  impl->pool = &pool;
  try {
    impl->stemmer = Xapian::Stem(options.language);
  } catch (const Xapian::Error& error) {
    return Error::of(errors::kLanguage,
                     "The search language '" + options.language + "' is not known.");
  }
  impl->fingerprint = configurationFingerprint(*options.catalog, options.language);
  std::error_code ec;
  std::filesystem::create_directories(options.folder.parent_path(), ec);
  try {
    impl->writer = openWriter(options.folder);
    impl->applied = storedSequence(*impl->writer);
  } catch (const Xapian::DatabaseLockError&) {
    return Error::of(errors::kLocked,
                     "The search index in " + options.folder.string() +
                         " is in use by another dossier process (a running server?). Stop "
                         "it first.");
  } catch (const Xapian::Error& error) {
    return Error::of(errors::kOpen, "The search index in " + options.folder.string() +
                                        " cannot be opened: " + error.get_msg() + ".");
  }
  impl->options = std::move(options);
  return std::unique_ptr<SearchIndex>(new SearchIndex(std::move(impl)));
}

bool SearchIndex::needsRebuild() const {
  std::int64_t latest = 0;
  {
    auto db = impl_->pool->acquire();
    latest = records::latestChange(*db);
  }
  std::lock_guard lock(impl_->writeMutex);
  // Built with another configuration, or from another database than this one (restored from a
  // backup, say): either way what it holds cannot be trusted.
  return impl_->writer->get_metadata(kFingerprintKey) != impl_->fingerprint ||
         impl_->applied > latest;
}

std::int64_t SearchIndex::appliedSequence() const {
  return impl_->applied;
}

void SearchIndex::Impl::publishApplied(std::int64_t sequence) {
  {
    std::lock_guard lock(stateMutex);
    applied = sequence;
  }
  applied_.notify_all();
}

Status SearchIndex::rebuild(const Progress& progress) {
  auto& impl = *impl_;
  std::lock_guard lock(impl.writeMutex);
  const auto building = std::filesystem::path(impl.options.folder.string() + ".rebuild");
  const auto old = std::filesystem::path(impl.options.folder.string() + ".old");
  std::error_code ec;
  std::filesystem::remove_all(building, ec);
  std::filesystem::remove_all(old, ec);
  auto db = impl.pool->acquire();
  try {
    // One read transaction: the records and the last sequence number are of the same moment.
    std::optional<db::Snapshot> snapshot(std::in_place, *db);
    const auto sequence = records::latestChange(*db);
    auto countRow = db->query(
        "SELECT (SELECT COUNT(*) FROM cases) + (SELECT COUNT(*) FROM persons) + "
        "(SELECT COUNT(*) FROM documents WHERE deleted = 0)");
    countRow.step();
    const auto total = countRow.integer(0);

    Xapian::WritableDatabase out(building.string(), Xapian::DB_CREATE_OR_OVERWRITE);
    auto terms = termGenerator(impl.stemmer);
    const auto& catalog = *impl.options.catalog;
    std::int64_t done = 0;
    const auto otherNames = everyOtherName(*db);
    const std::vector<std::string> none;
    for (const auto kind : {EntityKind::Person, EntityKind::Case}) {
      records::forEachRecord(*db, kind, [&](const records::Record& record) {
        if (const auto* type = catalog.find(kind, record.typeRef)) {
          const auto names =
              kind == EntityKind::Person ? otherNames.find(record.id) : otherNames.end();
          out.replace_document(uniqueTerm(kind, record.id),
                               indexDocument(record, *type, *terms,
                                             names == otherNames.end() ? none : names->second));
        }
        if (++done % 10000 == 0 && progress) {
          progress(done, total);
        }
      });
    }
    forEachDocumentSource(*db, [&](const DocumentSource& source) {
      if (const auto* caseType = catalog.find(EntityKind::Case, source.caseTypeRef)) {
        out.replace_document(
            uniqueDocumentTerm(source.id),
            indexCaseDocument(source, *caseType, catalog, *terms, impl.options.language));
      }
      if (++done % 10000 == 0 && progress) {
        progress(done, total);
      }
    });
    snapshot.reset();
    out.set_metadata(kAppliedSequenceKey, std::to_string(sequence));
    out.set_metadata(kFingerprintKey, impl.fingerprint);
    out.commit();
    out.close();
    if (progress) {
      progress(done, total);
    }

    impl.writer->close();
    impl.writer.reset();
    std::filesystem::rename(impl.options.folder, old);
    std::filesystem::rename(building, impl.options.folder);
    std::filesystem::remove_all(old, ec);
    impl.writer = openWriter(impl.options.folder);
    ++impl.generation;
    impl.publishApplied(sequence);
    return {};
  } catch (const Xapian::Error& error) {
    if (!impl.writer) {
      impl.writer = openWriter(impl.options.folder);
    }
    return indexError("be rebuilt", error);
  } catch (const std::exception& error) {
    return Error::of(errors::kRebuild,
                     std::string("The search index could not be rebuilt: ") + error.what());
  }
}

Result<std::int64_t> SearchIndex::catchUp(const Progress& progress) {
  auto& impl = *impl_;
  std::lock_guard lock(impl.writeMutex);
  auto db = impl.pool->acquire();
  std::int64_t total = 0;
  if (progress) {
    total = records::countChangesAfter(*db, impl.applied.load());
  }
  const auto& catalog = *impl.options.catalog;
  auto terms = termGenerator(impl.stemmer);
  std::int64_t appliedRows = 0;
  std::int64_t documents = 0;
  for (;;) {
    const auto from = impl.applied.load();
    // The latest change of each record in the batch is what counts: the document is rebuilt from
    // the record as it is now.
    std::map<std::pair<std::string, std::int64_t>, bool> records;
    std::int64_t last = from;
    int rows = 0;
    for (auto& change : records::changesAfter(*db, from, kBatchSize)) {
      last = change.seq;
      // A record's tasks or documents moving on change nothing the index holds of the record
      // (a document has rows of its own).
      if (change.operation != "tasks" && change.operation != "documents") {
        records[{std::move(change.entityKind), change.entityId}] = true;
      }
      ++rows;
    }
    if (rows == 0) {
      return appliedRows;
    }
    // Each kind's records of the batch in one query (a round trip each, on a database server).
    std::map<EntityKind, std::map<std::int64_t, records::Record>> current;
    for (const auto kind : {EntityKind::Case, EntityKind::Person}) {
      if (std::any_of(records.begin(), records.end(), [&](const auto& entry) {
            return entry.first.first == types::kindName(kind);
          })) {
        current[kind] = records::recordsNamedByChanges(*db, kind, from, last);
      }
    }
    try {
      impl.writer->begin_transaction();
      for (const auto& [key, unused] : records) {
        if (impl.options.failAfterDocuments && documents >= *impl.options.failAfterDocuments) {
          throw Xapian::DatabaseError("stopped on purpose after " + std::to_string(documents) +
                                      " documents");
        }
        if (key.first == "document") {
          applyDocument(*db, catalog, key.second, *impl.writer, *terms, impl.options.language);
          ++documents;
          continue;
        }
        const auto kind = kindOf(key.first);
        const auto& ofKind = current[kind];
        const auto found = ofKind.find(key.second);
        const auto* record = found != ofKind.end() ? &found->second : nullptr;
        const auto* type = record != nullptr ? catalog.find(kind, record->typeRef) : nullptr;
        if (type != nullptr) {
          impl.writer->replace_document(
              uniqueTerm(kind, key.second),
              indexDocument(*record, *type, *terms,
                            kind == EntityKind::Person ? otherNamesOf(*db, key.second)
                                                       : std::vector<std::string>{}));
        } else {
          impl.writer->delete_document(uniqueTerm(kind, key.second));
        }
        ++documents;
      }
      impl.writer->set_metadata(kAppliedSequenceKey, std::to_string(last));
      // Counted on both sides: a reader borrowed while the commit is written looks again after.
      impl.committing();
      impl.writer->commit_transaction();
      impl.committing();
    } catch (const Xapian::Error& error) {
      try {
        impl.writer->cancel_transaction();
      } catch (const Xapian::Error&) {
      }
      return indexError("apply changes", error);
    }
    impl.publishApplied(last);
    appliedRows += rows;
    if (progress) {
      progress(appliedRows, std::max(total, appliedRows));
    }
    // A short batch was everything committed when it was read: what commits later wakes the next
    // pass, so asking again now would only cost a round trip.
    if (rows < kBatchSize) {
      return appliedRows;
    }
  }
}

void SearchIndex::notify() {
  {
    std::lock_guard lock(impl_->stateMutex);
    impl_->pending = true;
  }
  impl_->wake.notify_one();
}

bool SearchIndex::waitUntilCurrent(std::chrono::milliseconds timeout) {
  auto& impl = *impl_;
  if (impl.thread.joinable()) {
    std::unique_lock lock(impl.stateMutex);
    const auto pass = ++impl.passesAsked;
    impl.pending = true;
    impl.wake.notify_one();
    return impl.applied_.wait_for(lock, timeout, [&] { return impl.passesServed >= pass; });
  }
  // No indexer thread (a command's environment): whether the index holds the log's last change.
  std::int64_t target = 0;
  {
    auto db = impl_->pool->acquire();
    target = records::latestChange(*db);
  }
  if (impl_->applied >= target) {
    return true;
  }
  notify();
  std::unique_lock lock(impl_->stateMutex);
  return impl_->applied_.wait_for(lock, timeout, [&] { return impl_->applied >= target; });
}

void SearchIndex::start() {
  if (impl_->thread.joinable()) {
    return;
  }
  impl_->stopping = false;
  impl_->thread = std::thread([this] { follow(); });
}

// The indexer thread: nothing may escape it, so every failure is logged and retried later.
void SearchIndex::follow() {
  auto& impl = *impl_;
  const auto folder = impl.options.folder.string();
  if (needsRebuild()) {
    spdlog::info("search index {}: building from the database", folder);
    auto rebuilt = rebuild([&](std::int64_t done, std::int64_t total) {
      spdlog::info("search index {}: {} of {} records", folder, done, total);
    });
    if (!rebuilt) {
      spdlog::error("search index {}: {}", folder, rebuilt.error().message);
    }
  }
  auto lastCatchUp = std::chrono::steady_clock::time_point{};
  for (;;) {
    // While searches read, commits are paced: each commit makes the readers of the revision
    // before the last one start again, and back-to-back commits under a stream of saves made long
    // searches fail. Saves that come meanwhile are applied together in the next commit; with no
    // search reading, a save's change is committed at once.
    if (impl.searching > 0) {
      std::unique_lock lock(impl.stateMutex);
      impl.wake.wait_until(lock, lastCatchUp + kMinCommitInterval,
                           [&] { return impl.stopping || impl.searching == 0; });
      if (impl.stopping) {
        return;
      }
    }
    // Each commit costs the index's files a sync (several fdatasync calls, a rename). When saves
    // come in a stream — more than one asked for a pass since the last one began — a pass right
    // after the last one waits for the rest of a few milliseconds, so that they are committed
    // together, as a database groups its commits. One person's saves one after another, or a save
    // after a quiet moment, are committed at once.
    std::uint64_t serving = 0;
    {
      std::unique_lock lock(impl.stateMutex);
      if (impl.passesAsked - impl.passesBegun > 1) {
        impl.wake.wait_until(lock, lastCatchUp + kGroupCommitInterval,
                             [&] { return impl.stopping; });
        if (impl.stopping) {
          return;
        }
      }
      serving = impl.passesAsked;
      impl.passesBegun = serving;
      impl.pending = false;
    }
    lastCatchUp = std::chrono::steady_clock::now();
    bool caughtUp = false;
    try {
      auto applied = catchUp();
      caughtUp = applied.ok();
      if (!applied) {
        spdlog::error("search index {}: {}", folder, applied.error().message);
      }
    } catch (const std::exception& error) {
      spdlog::error("search index {}: {}", folder, error.what());
    }
    if (caughtUp) {
      {
        std::lock_guard lock(impl.stateMutex);
        impl.passesServed = serving;
      }
      impl.applied_.notify_all();
    }
    std::unique_lock lock(impl.stateMutex);
    impl.wake.wait_for(lock, kPollInterval, [&] { return impl.pending || impl.stopping; });
    if (impl.stopping) {
      return;
    }
  }
}

void SearchIndex::stop() {
  {
    std::lock_guard lock(impl_->stateMutex);
    impl_->stopping = true;
  }
  impl_->wake.notify_all();
  if (impl_->thread.joinable()) {
    impl_->thread.join();
  }
}

std::int64_t SearchIndex::documentCount() {
  auto reader = impl_->borrowReader();
  const auto count = static_cast<std::int64_t>(reader->get_doccount());
  impl_->returnReader(std::move(reader));
  return count;
}

}  // namespace dossier::index
