#pragma once

// Inside the index folder only: the commonest words under a short prefix, kept between
// suggestions.

#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <xapian.h>

namespace dossier::index {

struct WordCount {
  std::string word;
  Xapian::doccount records = 0;
};
using WordCounts = std::vector<WordCount>;

// One or two letters typed start thousands of words of a type (a tenth of all surnames start
// with "s"), and counting them was most of a suggestion's time; which of them are commonest hardly
// changes from one commit to the next. So their count is kept, per type and prefix, and counted
// again only once the index has moved on and the count is older than kFreshFor: a word new to the
// index is offered for two letters within that time, for three and more at once.
class CommonWords {
 public:
  static constexpr std::size_t kKeptUpToLetters = 2;
  static constexpr std::size_t kKept = 64;
  static constexpr std::chrono::seconds kFreshFor{30};
  // A hostile stream of different prefixes cannot make the keeper grow without bound.
  static constexpr std::size_t kMostPrefixes = 4096;

  // The words of the terms starting with termPrefix + typed (termPrefix removed), most common
  // first, at most kKept. Hold the pointer while reading: a count kept may be replaced at any
  // moment by another caller's.
  std::shared_ptr<const WordCounts> of(const Xapian::Database& reader,
                                       const std::string& termPrefix, std::string_view typed,
                                       std::chrono::steady_clock::time_point now);

 private:
  struct Counted {
    std::string database;
    Xapian::rev revision = 0;
    std::chrono::steady_clock::time_point at;
    std::shared_ptr<const WordCounts> words;
  };
  std::mutex mutex_;
  std::unordered_map<std::string, Counted> counted_;
};

// Every word under termPrefix + typed, the kept commonest, counted now (termPrefix removed).
WordCounts countCommonWords(const Xapian::Database& reader, const std::string& termPrefix,
                            std::string_view typed, std::size_t kept);

}  // namespace dossier::index
