#include "index/stored_hits.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

namespace dossier::index {

namespace json = boost::json;

std::shared_ptr<const StoredHit> storedHitOf(const std::string& data) {
  boost::system::error_code ec;
  auto parsed = json::parse(data, ec);
  if (ec || !parsed.is_object()) {
    return nullptr;
  }
  auto& object = parsed.as_object();
  const auto text = [&](const char* key) {
    const auto* value = object.if_contains(key);
    return value != nullptr && value->is_string() ? std::string(value->get_string()) : "";
  };
  auto hit = std::make_shared<StoredHit>();
  hit->kind = text("k");
  hit->identifier = text("i");
  hit->typeRef = text("t");
  hit->guid = text("g");
  hit->caseNumber = text("c");
  hit->fileName = text("n");
  hit->body = text("b");
  if (auto* fields = object.if_contains("f"); fields != nullptr && fields->is_array()) {
    auto kept = std::make_shared<HitFields>();
    kept->json = json::serialize(fields->as_array());
    kept->list = std::move(fields->as_array());
    hit->searchFields = std::move(kept);
  }
  return hit;
}

std::shared_ptr<const StoredHit> StoredHits::of(const std::string& database, Xapian::rev revision,
                                                Xapian::docid id,
                                                const std::function<std::string()>& read) {
  {
    std::lock_guard lock(mutex_);
    if (database == database_ && revision == revision_) {
      if (const auto found = kept_.find(id); found != kept_.end()) {
        return found->second;
      }
    }
  }
  // Read and parsed outside the lock: the other searches go on meanwhile.
  const auto data = read();
  auto hit = storedHitOf(data);
  if (!hit) {
    return hit;
  }
  // About what it holds: the data's text, and as much again for the strings and JSON made of it.
  const auto cost = 2 * data.size() + sizeof(StoredHit);
  std::lock_guard lock(mutex_);
  if (database != database_ || revision > revision_) {
    kept_.clear();
    bytes_ = 0;
    database_ = database;
    revision_ = revision;
  } else if (revision < revision_) {
    return hit;
  }
  if (bytes_ + cost > bytesAtMost_) {
    kept_.clear();
    bytes_ = 0;
  }
  if (cost <= bytesAtMost_ && kept_.emplace(id, hit).second) {
    bytes_ += cost;
  }
  return hit;
}

std::size_t StoredHits::size() const {
  std::lock_guard lock(mutex_);
  return kept_.size();
}

std::size_t StoredHits::bytes() const {
  std::lock_guard lock(mutex_);
  return bytes_;
}

}  // namespace dossier::index
