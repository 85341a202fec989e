#include "index/query_syntax.hpp"

#include <cctype>

#include "index/errors.hpp"

namespace dossier::index {

namespace {

bool isSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

// Characters, not bytes: the limit a person reads in the message.
std::size_t characterCount(std::string_view text) {
  std::size_t count = 0;
  for (const char c : text) {
    count += (static_cast<unsigned char>(c) & 0xC0) != 0x80 ? 1 : 0;
  }
  return count;
}

bool hasWordCharacter(std::string_view text) {
  for (const char c : text) {
    // Any letter or digit; bytes of multi-byte characters count as letters.
    if (std::isalnum(static_cast<unsigned char>(c)) != 0 || static_cast<unsigned char>(c) >= 0x80) {
      return true;
    }
  }
  return false;
}

void addClause(ParsedQuery& query, QueryClause clause) {
  if (!hasWordCharacter(clause.text)) {
    return;
  }
  for (const auto& known : query.clauses) {
    if (known.kind == clause.kind && known.excluded == clause.excluded &&
        known.text == clause.text) {
      return;  // "s* s* s*" asks no more than "s*"
    }
  }
  query.clauses.push_back(std::move(clause));
}

std::size_t wordCount(std::string_view text) {
  std::size_t words = 0;
  bool inWord = false;
  for (const char c : text) {
    const bool space = isSpace(c);
    words += !space && !inWord ? 1 : 0;
    inWord = !space;
  }
  return words;
}

// The letters of a prefix's last word, the part the * expands.
std::size_t lettersBeforeStar(std::string_view text) {
  auto start = text.size();
  while (start > 0 && !isSpace(text[start - 1])) {
    --start;
  }
  std::size_t letters = 0;
  for (const char c : text.substr(start)) {
    const auto byte = static_cast<unsigned char>(c);
    letters += (std::isalnum(byte) != 0 || (byte >= 0x80 && (byte & 0xC0) != 0x80)) ? 1 : 0;
  }
  return letters;
}

Status checkBreadth(const ParsedQuery& query) {
  std::size_t words = 0;
  std::size_t prefixes = 0;
  for (const auto& clause : query.clauses) {
    words += wordCount(clause.text);
    if (clause.kind != QueryClause::Kind::Prefix) {
      continue;
    }
    ++prefixes;
    if (lettersBeforeStar(clause.text) < kMinPrefixLetters) {
      return Error::of(errors::kTooBroad, "Type at least " + std::to_string(kMinPrefixLetters) +
                                              " letters before a *: '" + clause.text +
                                              "*' would stand for too many words.");
    }
  }
  if (prefixes > kMaxSearchPrefixes) {
    return Error::of(errors::kTooBroad, "This search has too many words ending in *: at most " +
                                            std::to_string(kMaxSearchPrefixes) + ", please.");
  }
  if (words > kMaxSearchWords) {
    return Error::of(errors::kTooBroad, "This search has too many words: at most " +
                                            std::to_string(kMaxSearchWords) + ", please.");
  }
  return {};
}

}  // namespace

bool ParsedQuery::hasRequired() const {
  for (const auto& clause : clauses) {
    if (!clause.excluded) {
      return true;
    }
  }
  return false;
}

std::vector<std::string> ParsedQuery::highlightTerms() const {
  std::vector<std::string> terms;
  for (const auto& clause : clauses) {
    if (clause.excluded) {
      continue;
    }
    std::string word;
    for (std::size_t i = 0; i <= clause.text.size(); ++i) {
      const char c = i < clause.text.size() ? clause.text[i] : ' ';
      if (isSpace(c)) {
        if (!word.empty()) {
          terms.push_back(std::move(word));
          word.clear();
        }
      } else {
        word += c;
      }
    }
  }
  return terms;
}

Result<ParsedQuery> parseSearchText(std::string_view text) {
  if (characterCount(text) > kMaxSearchTextLength) {
    return Error::of(errors::kTooLong, "The search text is too long: at most " +
                                           std::to_string(kMaxSearchTextLength) +
                                           " characters, please.");
  }
  ParsedQuery query;
  std::size_t at = 0;
  while (at < text.size()) {
    while (at < text.size() && isSpace(text[at])) {
      ++at;
    }
    if (at == text.size()) {
      break;
    }
    QueryClause clause;
    if (text[at] == '-' && at + 1 < text.size() && !isSpace(text[at + 1])) {
      clause.excluded = true;
      ++at;
    }
    if (text[at] == '"') {
      const auto close = text.find('"', at + 1);
      const auto end = close == std::string_view::npos ? text.size() : close;
      clause.kind = QueryClause::Kind::Phrase;
      clause.text = std::string(text.substr(at + 1, end - at - 1));
      at = close == std::string_view::npos ? text.size() : close + 1;
      addClause(query, std::move(clause));
      continue;
    }
    const auto start = at;
    while (at < text.size() && !isSpace(text[at]) && text[at] != '"') {
      ++at;
    }
    clause.text = std::string(text.substr(start, at - start));
    if (clause.text.ends_with('*')) {
      while (clause.text.ends_with('*')) {
        clause.text.pop_back();
      }
      clause.kind = QueryClause::Kind::Prefix;
    }
    addClause(query, std::move(clause));
  }
  if (auto broad = checkBreadth(query); !broad) {
    return std::move(broad).error();
  }
  return query;
}

TypedWord lastTypedWord(std::string_view text) {
  if (text.empty() || isSpace(text.back())) {
    return {std::string(text), {}};
  }
  auto start = text.size();
  while (start > 0 && !isSpace(text[start - 1]) && text[start - 1] != '"') {
    --start;
  }
  return {std::string(text.substr(0, start)), std::string(text.substr(start))};
}

}  // namespace dossier::index
