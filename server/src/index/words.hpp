#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace dossier::index {

// The words of a text as the index holds them: runs of Unicode letters and digits, lower-cased
// by Unicode ("ÖDÖN Kovács-Tóth" → "ödön", "kovács", "tóth"). What compares text with the index's
// words splits it here, so that it agrees with what was indexed.
std::vector<std::string> wordsOf(std::string_view text);

// The first `count` letters of a word, whole characters ("ödön" → "ödö"), and how many letters it
// has: a word's bytes are not its letters beyond ASCII.
std::string firstLetters(std::string_view word, std::size_t count);
std::size_t letterCount(std::string_view word);

}  // namespace dossier::index
