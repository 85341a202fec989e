#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include <boost/json/array.hpp>
#include <xapian.h>

namespace dossier::index {

// What a hit shows of its record, as the index stores it beside its terms.
struct StoredHit {
  std::string kind;        // case, person, document
  std::string identifier;  // a case number, a person id, a document's guid
  std::string typeRef;     // a document's: External or Link
  std::string guid;
  std::string caseNumber;  // a document's case
  std::string fileName;    // a document's ExtRefFilename
  boost::json::array searchFields;
  std::string body;  // what extracts are cut from
};

// The stored data of a record (index_document.cpp) read back; nothing when it is not what the
// index writes.
std::shared_ptr<const StoredHit> storedHitOf(const std::string& data);

// The stored part of the hits searches showed, kept for the revision of the index they were read
// at, as Solr keeps its documents: reading a hit's data from the index (two blocks read, inflated,
// parsed) cost a page of twenty hits more than its match. A search at a newer revision forgets
// them all, since any record may have changed; one at an older revision (a reader not yet
// reopened) keeps nothing. Forgotten whole past a bound on what they hold. Shared by the
// searching threads.
class StoredHits {
 public:
  static constexpr std::size_t kBytesAtMost = 32 * 1024 * 1024;
  explicit StoredHits(std::size_t bytesAtMost = kBytesAtMost) : bytesAtMost_(bytesAtMost) {}

  // Document `id` at `revision` of `database` (its UUID), read with `read` (its stored data)
  // unless kept. Nothing when the data is not the index's.
  std::shared_ptr<const StoredHit> of(const std::string& database, Xapian::rev revision,
                                      Xapian::docid id, const std::function<std::string()>& read);

  std::size_t size() const;
  std::size_t bytes() const;

 private:
  mutable std::mutex mutex_;
  std::string database_;
  Xapian::rev revision_ = 0;
  std::unordered_map<Xapian::docid, std::shared_ptr<const StoredHit>> kept_;
  std::size_t bytes_ = 0;
  const std::size_t bytesAtMost_;
};

}  // namespace dossier::index
