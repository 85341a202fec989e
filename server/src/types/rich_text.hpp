#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace dossier::types {

// Rich text is stored as a small, safe subset of HTML: paragraphs, line breaks, bold, italic,
// underline, strike, lists, headings, quotes, code and links to http(s) or mailto addresses. Every
// other tag is dropped (its text kept; script and style content dropped too), and every attribute
// but a link's href.
std::string sanitizeRichText(std::string_view html);

// The most rich text one field may be sent, before sanitizing: a long report is a few tens of KB,
// and a bound keeps every save's checking cheap (sanitizing is linear, but not free).
inline constexpr std::size_t kMaxRichTextBytes = 256 * 1024;

// The text of rich text, for previews and search.
std::string richTextToPlain(std::string_view html);

}  // namespace dossier::types
