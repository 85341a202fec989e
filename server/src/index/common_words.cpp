#include "index/common_words.hpp"

#include <algorithm>

#include "index/prefix_terms.hpp"

namespace dossier::index {

WordCounts countCommonWords(const Xapian::Database& reader, const std::string& termPrefix,
                            std::string_view typed, std::size_t kept) {
  const auto start = termPrefix + std::string(typed);
  WordCounts words;
  // Ahead: the more common, and among equals the first in the alphabet. The heap keeps the one
  // furthest behind on top, to make way for a more common word.
  const auto ahead = [](const WordCount& a, const WordCount& b) {
    return a.records != b.records ? a.records > b.records : a.word < b.word;
  };
  forEachTermStartingWith(reader, start, [&](std::string&& term, Xapian::doccount records) {
    if (words.size() == kept && records <= words.front().records) {
      return true;  // no more common than the last kept, and later in the alphabet
    }
    if (words.size() == kept) {
      std::pop_heap(words.begin(), words.end(), ahead);
      words.pop_back();
    }
    words.push_back({term.substr(termPrefix.size()), records});
    std::push_heap(words.begin(), words.end(), ahead);
    return true;
  });
  std::sort_heap(words.begin(), words.end(), ahead);
  return words;
}

std::shared_ptr<const WordCounts> CommonWords::of(const Xapian::Database& reader,
                                                  const std::string& termPrefix,
                                                  std::string_view typed,
                                                  std::chrono::steady_clock::time_point now) {
  auto key = termPrefix + std::string(typed);
  const auto database = reader.get_uuid();
  const auto revision = reader.get_revision();
  {
    std::lock_guard lock(mutex_);
    if (const auto found = counted_.find(key);
        found != counted_.end() && found->second.database == database &&
        (found->second.revision == revision || now - found->second.at < kFreshFor)) {
      return found->second.words;
    }
  }
  // Counted outside the lock: two suggestions counting the same prefix at once both count.
  auto words =
      std::make_shared<const WordCounts>(countCommonWords(reader, termPrefix, typed, kKept));
  std::lock_guard lock(mutex_);
  if (counted_.size() >= kMostPrefixes && !counted_.contains(key)) {
    counted_.clear();
  }
  counted_[std::move(key)] = {database, revision, now, words};
  return words;
}

}  // namespace dossier::index
