#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/result.hpp"

namespace dossier::index {

// What a person typed into the search box, read with the syntax the search help page explains:
// words (all must match), "quoted phrases", a trailing * for a prefix and -word to leave out.
struct QueryClause {
  enum class Kind { Word, Phrase, Prefix };
  Kind kind = Kind::Word;
  std::string text;  // without quotes, the leading - and the trailing *
  bool excluded = false;
};

struct ParsedQuery {
  std::vector<QueryClause> clauses;

  bool empty() const { return clauses.empty(); }
  bool hasRequired() const;
  // The words to highlight in results: those of every clause that is not excluded.
  std::vector<std::string> highlightTerms() const;
};

inline constexpr std::size_t kMaxSearchTextLength = 1000;
// What one search may ask of the index, so that its cost is bounded before it runs: words in all
// (a phrase's words each count), words ending in * (each may stand for up to a hundred words of
// the index), and letters before a *.
inline constexpr std::size_t kMaxSearchWords = 32;
inline constexpr std::size_t kMaxSearchPrefixes = 5;
inline constexpr std::size_t kMinPrefixLetters = 2;

// Refuses text of over kMaxSearchTextLength characters, and a search too broad to run in bounded
// time (400 index.too_broad, saying what to change); anything else parses (an unclosed quote runs
// to the end, a lone - or * is ignored, a clause typed twice counts once).
Result<ParsedQuery> parseSearchText(std::string_view text);

// The text up to the word being typed and that word, for suggestions: "noise com" → {"noise ",
// "com"}; text ending in a space has no word being typed.
struct TypedWord {
  std::string before;
  std::string word;
};
TypedWord lastTypedWord(std::string_view text);

}  // namespace dossier::index
