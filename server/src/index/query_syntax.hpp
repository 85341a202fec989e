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

// Refuses text of over kMaxSearchTextLength characters; anything else parses (an unclosed quote
// runs to the end, a lone - or * is ignored).
Result<ParsedQuery> parseSearchText(std::string_view text);

// The text up to the word being typed and that word, for suggestions: "noise com" → {"noise ",
// "com"}; text ending in a space has no word being typed.
struct TypedWord {
  std::string before;
  std::string word;
};
TypedWord lastTypedWord(std::string_view text);

}  // namespace dossier::index
