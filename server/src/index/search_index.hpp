#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <boost/json/array.hpp>

#include "core/result.hpp"
#include "index/query_syntax.hpp"

namespace dossier::db {
class Pool;
}
namespace dossier::types {
class Catalog;
}

namespace dossier::index {

// Registered/Active, Deregistered/Obsolete, or both (spec 1 §4).
enum class StatusFilter { Active, Inactive, All };

struct SearchQuery {
  ParsedQuery text;                   // empty: every record of the asked types, newest first
  std::vector<std::string> typeKeys;  // "case:COMP", "person:IND", "document": only these
  std::set<std::string> groups;       // the groups of the person searching
  StatusFilter status = StatusFilter::Active;
  int offset = 0;
  int pageSize = 20;
};

// A hit's fields as shown, each {key, value, displayInSearchResult}: parsed, for the rules that
// read them, and as the JSON text an answer carries, written once when the hit's data is read.
// Shared by every search that shows the hit (stored_hits.hpp): never copied.
struct HitFields {
  boost::json::array list;
  std::string json = "[]";
};

// The fields of a hit that has none: one for all, so that a hit made empty allocates nothing.
const std::shared_ptr<const HitFields>& noHitFields();

// The record a hit is, as the index stores it beside its terms.
struct HitRecord {
  std::string kind;        // case, person, document
  std::string identifier;  // a case number, a person id, a document's guid
  std::string typeRef;     // a document's: External or Link
  std::string guid;
  std::string caseNumber;  // a document's case
  std::string fileName;    // a document's ExtRefFilename
  std::shared_ptr<const HitFields> searchFields = noHitFields();
};

struct SearchHit : HitRecord {
  std::vector<std::string> extracts;  // HTML-escaped text with <mark> around matches
  // The hit's weight relative to the best hit of the whole search: the best is 1 (0 when the
  // search had no words to rank by).
  double relevance = 0;
};

// Where a search's time went, in milliseconds (for /metrics and the bench's profile): deciding the
// restrictions, the match itself (Xapian's get_mset), reading the hits and cutting their extracts,
// and, when nothing matched, counting the other statuses.
struct SearchTimings {
  double restrictions = 0;
  double match = 0;
  double hits = 0;
  double otherStatus = 0;
};

struct SearchPage {
  std::vector<SearchHit> hits;
  std::int64_t total = 0;
  bool totalIsExact = true;  // beyond some thousands of matches the count is an estimate
  // When nothing matched: how many records match under the statuses the filter left out, so that
  // the person can be offered them ("2 obsolete records match").
  std::int64_t otherStatusCount = 0;
  SearchTimings timings;
};

using Progress = std::function<void(std::int64_t done, std::int64_t total)>;

struct IndexOptions {
  std::filesystem::path folder;  // data/<env>/index
  std::shared_ptr<const types::Catalog> catalog;
  std::string language = "english";  // stemming
  // For tests of crash safety: applying the change log fails after this many documents.
  std::optional<std::int64_t> failAfterDocuments;
};

// An environment's search index (Xapian), derived from its database. The change log is applied
// in order; the last applied sequence number is stored in the index's own commit, so each change
// is applied exactly once even when the process stops at any moment, and work resumes there.
class SearchIndex {
 public:
  // Opens the index for writing, creating it when missing. Another process holding it (a running
  // server while `dossier reindex` runs) is refused with a message saying so.
  static Result<std::unique_ptr<SearchIndex>> open(IndexOptions options, db::Pool& pool);
  ~SearchIndex();
  SearchIndex(const SearchIndex&) = delete;
  SearchIndex& operator=(const SearchIndex&) = delete;

  // A background thread rebuilds the index when the configuration it was built with changed, then
  // follows the change log. stop() waits for the thread; a batch in progress is not committed.
  void start();
  void stop();
  // A change was committed: apply it now rather than at the next poll.
  void notify();

  bool needsRebuild() const;
  // Builds a new index from every record and puts it in place of the old one.
  Status rebuild(const Progress& progress);
  // Applies the change-log rows not yet applied; returns how many were applied.
  Result<std::int64_t> catchUp(const Progress& progress = {});
  std::int64_t appliedSequence() const;
  // Waits, at most timeout, until every change committed before the call can be found.
  bool waitUntilCurrent(std::chrono::milliseconds timeout);

  Result<SearchPage> search(const SearchQuery& query);
  // Words of titles and names that start with the word being typed, most common first, from
  // records of the given types only.
  Result<std::vector<std::string>> suggest(std::string_view word,
                                           const std::vector<std::string>& typeKeys,
                                           std::size_t limit);
  std::int64_t documentCount();

  struct Impl;

 private:
  explicit SearchIndex(std::unique_ptr<Impl> impl);
  void follow();
  std::unique_ptr<Impl> impl_;
};

}  // namespace dossier::index
