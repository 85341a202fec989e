#include "index/extract.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <memory>

#include "core/markup.hpp"
#include "index/words.hpp"

namespace dossier::index {

const std::string& KeptStems::of(const std::string& word) {
  if (const auto found = stems_.find(word); found != stems_.end()) {
    return found->second;
  }
  if (stems_.size() >= atMost_) {
    stems_.clear();
  }
  return stems_.emplace(word, stemmer_(word)).first->second;
}

KeptStems& KeptStems::ofThisThread(const std::string& language) {
  thread_local std::map<std::string, std::unique_ptr<KeptStems>> byLanguage;
  auto& stems = byLanguage[language];
  if (!stems) {
    stems = std::make_unique<KeptStems>(language);
  }
  return *stems;
}

ExtractWords::ExtractWords(const ParsedQuery& query, KeptStems& stems) : stems_(stems) {
  for (const auto& clause : query.clauses) {
    if (clause.excluded) {
      continue;
    }
    const auto words = wordsOf(clause.text);
    for (std::size_t i = 0; i < words.size(); ++i) {
      Word word{words[i], "", false};
      if (clause.kind == QueryClause::Kind::Prefix && i + 1 == words.size()) {
        word.prefix = true;
      } else if (clause.kind == QueryClause::Kind::Word && words.size() == 1) {
        // Found by its stem (search_query.cpp): any form of it is marked.
        word.stem = stems.of(words[i]);
      }
      addForms(words[i]);
      words_.push_back(std::move(word));
    }
  }
}

// The window is found by comparing bytes, in either case only in ASCII: a word with letters beyond
// it is looked for as typed (lower-cased), in capitals and capitalised, as names and the first
// words of sentences are written ("müller": "MÜLLER", "Müller").
void ExtractWords::addForms(const std::string& lowered) {
  typed_.push_back(lowered);
  if (std::all_of(lowered.begin(), lowered.end(),
                  [](char c) { return static_cast<unsigned char>(c) < 0x80; })) {
    return;
  }
  std::string upper;
  std::string capitalised;
  for (Xapian::Utf8Iterator it(lowered); it != Xapian::Utf8Iterator(); ++it) {
    Xapian::Unicode::append_utf8(upper, Xapian::Unicode::toupper(*it));
    Xapian::Unicode::append_utf8(capitalised,
                                 capitalised.empty() ? Xapian::Unicode::toupper(*it) : *it);
  }
  for (auto& form : {std::move(upper), std::move(capitalised)}) {
    if (std::find(typed_.begin(), typed_.end(), form) == typed_.end()) {
      typed_.push_back(form);
    }
  }
}

int ExtractWords::match(const std::string& lowered) const {
  const std::string* stem = nullptr;
  for (std::size_t i = 0; i < words_.size(); ++i) {
    const auto& word = words_[i];
    if (word.prefix ? lowered.starts_with(word.text) : lowered == word.text) {
      return static_cast<int>(i);
    }
    if (!word.stem.empty()) {
      if (stem == nullptr) {
        stem = &stems_.of(lowered);
      }
      if (*stem == word.stem) {
        return static_cast<int>(i);
      }
    }
  }
  return -1;
}

namespace {

// The window of a long text an extract is cut from: around the first place a word of the search
// stands (compared byte by byte, in either case in ASCII; a word matched only by its stem finds
// its window at the start). Reading a document's whole 64 KB of text word by word for every hit
// of a page would cost more than the search.
constexpr std::size_t kWindow = 600;
constexpr std::size_t kWindowLead = 200;
// An extract begins at most this far before its first match: at a sentence that starts there,
// or else a few words before it.
constexpr std::size_t kSentenceLead = 60;
constexpr std::size_t kWordLead = 24;

char lowerAscii(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c;
}

bool continuationByte(char c) {
  return (static_cast<unsigned char>(c) & 0xc0) == 0x80;
}

std::string_view windowOf(std::string_view text, const std::vector<std::string>& words) {
  if (text.size() <= kWindow) {
    return text;
  }
  auto first = std::string_view::npos;
  for (const auto& word : words) {
    if (word.size() < 2) {
      continue;
    }
    const auto found = std::search(text.begin(), text.end(), word.begin(), word.end(),
                                   [](char a, char b) { return lowerAscii(a) == lowerAscii(b); });
    if (found != text.end()) {
      first = std::min(first, static_cast<std::size_t>(found - text.begin()));
    }
  }
  auto start = first == std::string_view::npos || first < kWindowLead ? 0 : first - kWindowLead;
  while (start > 0 && continuationByte(text[start])) {
    --start;
  }
  auto end = std::min(text.size(), start + kWindow);
  while (end < text.size() && continuationByte(text[end])) {
    ++end;
  }
  return text.substr(start, end - start);
}

// Which ASCII characters are parts of words, as the index splits words (words.hpp).
const std::array<bool, 128>& asciiWordChars() {
  static const auto table = [] {
    std::array<bool, 128> out{};
    for (unsigned c = 0; c < out.size(); ++c) {
      out[c] = Xapian::Unicode::is_wordchar(c);
    }
    return out;
  }();
  return table;
}

struct Token {
  std::size_t start = 0;
  std::size_t end = 0;
  int match = -1;
};

// The words of the text, each with the search's word it is, if any.
std::vector<Token> tokensOf(std::string_view text, const ExtractWords& words) {
  const auto& ascii = asciiWordChars();
  std::vector<Token> tokens;
  std::string lowered;
  std::size_t at = 0;
  std::size_t start = 0;
  bool inWord = false;
  const auto finish = [&](std::size_t end) {
    tokens.push_back(Token{start, end, words.match(lowered)});
    lowered.clear();
    inWord = false;
  };
  while (at < text.size()) {
    const auto byte = static_cast<unsigned char>(text[at]);
    unsigned character = byte;
    std::size_t next = at + 1;
    bool wordChar = false;
    if (byte < 0x80) {
      wordChar = ascii[byte];
      character = static_cast<unsigned char>(lowerAscii(static_cast<char>(byte)));
    } else {
      Xapian::Utf8Iterator it(text.data() + at, text.size() - at);
      character = *it;
      ++it;
      next = static_cast<std::size_t>(it.raw() - text.data());
      wordChar = Xapian::Unicode::is_wordchar(character);
      character = Xapian::Unicode::tolower(character);
    }
    if (wordChar) {
      if (!inWord) {
        start = at;
        inWord = true;
      }
      if (character < 0x80) {
        lowered += static_cast<char>(character);
      } else {
        Xapian::Unicode::append_utf8(lowered, character);
      }
    } else if (inWord) {
      finish(at);
    }
    at = next;
  }
  if (inWord) {
    finish(text.size());
  }
  return tokens;
}

// The first and last token of the passage holding the most different words of the search, then
// the most matches, the earliest of those; it begins at a match.
std::pair<std::size_t, std::size_t> bestPassage(const std::vector<Token>& tokens,
                                                std::size_t wordCount) {
  std::vector<int> counts(wordCount, 0);
  int different = 0;
  int matches = 0;
  long best = -1;
  std::pair<std::size_t, std::size_t> passage{0, 0};
  std::size_t last = 0;  // one past the passage's last token
  for (std::size_t first = 0; first < tokens.size(); ++first) {
    while (last < tokens.size() && tokens[last].end - tokens[first].start <= kExtractLength) {
      if (const auto m = tokens[last].match; m >= 0) {
        different += counts[m]++ == 0 ? 1 : 0;
        ++matches;
      }
      ++last;
    }
    if (tokens[first].match >= 0 && last > first) {
      const long score = static_cast<long>(different) * 1024 + matches;
      if (score > best) {
        best = score;
        passage = {first, last - 1};
      }
    }
    if (last > first) {
      if (const auto m = tokens[first].match; m >= 0) {
        different -= --counts[m] == 0 ? 1 : 0;
        --matches;
      }
    } else {
      last = first + 1;  // a single word longer than an extract
    }
  }
  return best < 0 ? std::pair<std::size_t, std::size_t>{tokens.size(), 0} : passage;
}

// Whether the text between two words ends a sentence, a line or a field (fields are joined by
// " · "): not the dot inside "jane.doe" or "2.5".
bool endsSentence(std::string_view between) {
  return between.find('\n') != std::string_view::npos ||
         (between.find(' ') != std::string_view::npos &&
          (between.find_first_of(".!?") != std::string_view::npos ||
           between.find("·") != std::string_view::npos));
}

}  // namespace

std::string extractOf(std::string_view text, const ExtractWords& words) {
  if (words.empty() || text.empty()) {
    return {};
  }
  const auto window = windowOf(text, words.typed());
  const auto offset = static_cast<std::size_t>(window.data() - text.data());
  const auto tokens = tokensOf(window, words);
  const auto [firstMatch, lastInPassage] = bestPassage(tokens, words.size());
  if (firstMatch >= tokens.size()) {
    return {};
  }
  // The passage's matches, then as much before them as the lead allows.
  std::size_t lastMatch = firstMatch;
  for (auto i = firstMatch; i <= lastInPassage; ++i) {
    lastMatch = tokens[i].match >= 0 ? i : lastMatch;
  }
  const auto room = kExtractLength - (tokens[lastMatch].end - tokens[firstMatch].start);
  const auto startsSentence = [&](std::size_t i) {
    return i == 0 ? offset == 0
                  : endsSentence(
                        window.substr(tokens[i - 1].end, tokens[i].start - tokens[i - 1].end));
  };
  auto first = firstMatch;
  for (auto i = firstMatch; i > 0; --i) {
    if (startsSentence(i)) {
      first = i;  // the start of the first match's sentence
      break;
    }
    const auto lead = tokens[firstMatch].start - tokens[i - 1].start;
    if (lead > std::min(room, kSentenceLead)) {
      break;
    }
    if (lead <= std::min(room, kWordLead)) {
      first = i - 1;
    }
  }
  // Then words after them while they fit; at the end of the window, words before them instead.
  auto last = lastMatch;
  while (last + 1 < tokens.size() && tokens[last + 1].end - tokens[first].start <= kExtractLength) {
    ++last;
  }
  if (last + 1 == tokens.size()) {
    const auto from = first;
    while (first > 0 && tokens[last].end - tokens[first - 1].start <= kExtractLength) {
      --first;
    }
    while (first < from && !startsSentence(first)) {
      ++first;
    }
  }
  // Punctuation before the first word and after the last belongs to the extract when nothing
  // else of the text lies beyond it, and the punctuation ending the last word when it fits.
  const auto start = first == 0 ? 0 : tokens[first].start;
  auto end = tokens[last].end;
  while (end < window.size() && end - start < kExtractLength && window[end] != ' ' &&
         window[end] != '\n' && (last + 1 == tokens.size() || end < tokens[last + 1].start)) {
    ++end;
  }
  while (end < window.size() && continuationByte(window[end])) {
    ++end;
  }
  // An extract that begins a sentence or ends one needs no … there to show it is cut.
  const bool before = (offset > 0 || first > 0) && !startsSentence(first);
  const bool after =
      (offset + window.size() < text.size() || last + 1 < tokens.size()) &&
      (end == 0 || std::string_view(".!?").find(window[end - 1]) == std::string_view::npos);

  std::string out;
  out.reserve(end - start + 64);
  if (before) {
    out += "…";
  }
  // Matches one character apart are one mark: a phrase, "O'Brien" or "Kovács-Tóth" reads as one.
  auto at = start;
  bool marking = false;
  for (auto i = first; i <= last; ++i) {
    const auto& token = tokens[i];
    const auto gap = window.substr(at, token.start - at);
    if (marking && (token.match < 0 || gap.size() != 1 || gap == "\n")) {
      out += "</mark>";
      marking = false;
    }
    appendEscapedMarkup(out, gap);
    if (token.match >= 0 && !marking) {
      out += "<mark>";
      marking = true;
    }
    appendEscapedMarkup(out, window.substr(token.start, token.end - token.start));
    at = token.end;
  }
  if (marking) {
    out += "</mark>";
  }
  appendEscapedMarkup(out, window.substr(at, end - at));
  if (after) {
    out += "…";
  }
  return out;
}

}  // namespace dossier::index
