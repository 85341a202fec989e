#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include <xapian.h>

#include "index/search_index.hpp"

namespace dossier::index {

// A hit's record as stored, with the text its extracts are cut from.
struct StoredHit : HitRecord {
  std::string body;
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
