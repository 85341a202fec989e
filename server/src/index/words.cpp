#include "index/words.hpp"

#include <xapian.h>

namespace dossier::index {

std::vector<std::string> wordsOf(std::string_view text) {
  std::vector<std::string> words;
  std::string word;
  for (Xapian::Utf8Iterator it(text.data(), text.size()); it != Xapian::Utf8Iterator(); ++it) {
    if (Xapian::Unicode::is_wordchar(*it)) {
      Xapian::Unicode::append_utf8(word, Xapian::Unicode::tolower(*it));
    } else if (!word.empty()) {
      words.push_back(std::move(word));
      word.clear();
    }
  }
  if (!word.empty()) {
    words.push_back(std::move(word));
  }
  return words;
}

std::string firstLetters(std::string_view word, std::size_t count) {
  std::string out;
  std::size_t taken = 0;
  for (Xapian::Utf8Iterator it(word.data(), word.size());
       it != Xapian::Utf8Iterator() && taken < count; ++it, ++taken) {
    Xapian::Unicode::append_utf8(out, *it);
  }
  return out;
}

std::size_t letterCount(std::string_view word) {
  std::size_t count = 0;
  for (Xapian::Utf8Iterator it(word.data(), word.size()); it != Xapian::Utf8Iterator(); ++it) {
    ++count;
  }
  return count;
}

}  // namespace dossier::index
