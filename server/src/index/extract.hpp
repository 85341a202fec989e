#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <xapian.h>

#include "index/query_syntax.hpp"

namespace dossier::index {

// Stems of words, kept once made: a page's extracts look at every word of twenty passages, a
// language's words recur from one passage and one search to the next, and stemming a word cost
// more than all the rest of its extract. One a thread and a language (a stemmer is not safe to
// share between threads); forgotten whole past a bound, so that no text can grow it for long.
class KeptStems {
 public:
  static constexpr std::size_t kAtMost = 20'000;
  explicit KeptStems(const std::string& language, std::size_t atMost = kAtMost)
      : stemmer_(language), atMost_(atMost) {}
  const std::string& of(const std::string& word);
  std::size_t size() const { return stems_.size(); }

  static KeptStems& ofThisThread(const std::string& language);

 private:
  Xapian::Stem stemmer_;
  std::size_t atMost_;
  std::unordered_map<std::string, std::string> stems_;
};

// The words of a search an extract marks: each word of a clause as typed, lower-cased; a single
// word also by its stem (any form of it matched), the last word of a prefix clause as a prefix.
// Words left out with - are not marked.
class ExtractWords {
 public:
  ExtractWords(const ParsedQuery& query, KeptStems& stems);

  bool empty() const { return words_.empty(); }
  std::size_t size() const { return words_.size(); }
  // Which of the words a word of the text (lower-cased) is, or -1.
  int match(const std::string& lowered) const;
  // The words as typed, lower-cased, and those with letters beyond ASCII also in capitals and
  // capitalised: where the first of them stands in a long text.
  const std::vector<std::string>& typed() const { return typed_; }

 private:
  struct Word {
    std::string text;
    std::string stem;  // empty: matched only as typed
    bool prefix = false;
  };
  void addForms(const std::string& lowered);

  std::vector<Word> words_;
  std::vector<std::string> typed_;
  KeptStems& stems_;
};

// Extracts are at most this many bytes of the text, cut at words.
inline constexpr std::size_t kExtractLength = 240;

// The extract of a hit's text: the passage of at most kExtractLength bytes holding the most
// different words of the search, then the most of them, the earliest of those; begun a little
// before its first match (at a sentence if one starts there), HTML-escaped, each match in
// <mark></mark>, with … where the text goes on before or after it. Empty when no word matches.
// Only a window of a long text is read: around the first place a word of the search stands.
std::string extractOf(std::string_view text, const ExtractWords& words);

}  // namespace dossier::index
