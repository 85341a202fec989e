#include "types/rich_text.hpp"

#include <algorithm>
#include <cctype>
#include <set>
#include <vector>

namespace dossier::types {

namespace {

const std::set<std::string> kAllowed = {"p",  "br", "div",  "b",   "strong",    "i", "em",
                                        "u",  "s",  "ul",   "ol",  "li",        "a", "h2",
                                        "h3", "h4", "code", "pre", "blockquote"};
const std::set<std::string> kDropWithContent = {"script", "style", "iframe", "object", "template"};

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

bool isNameChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0;
}

bool looksLikeEntity(std::string_view text, std::size_t at) {
  std::size_t i = at + 1;
  if (i < text.size() && text[i] == '#') {
    ++i;
    if (i < text.size() && (text[i] == 'x' || text[i] == 'X')) {
      ++i;
    }
  }
  const auto start = i;
  while (i < text.size() && isNameChar(text[i]) && i - start < 32) {
    ++i;
  }
  return i > start && i < text.size() && text[i] == ';';
}

// An entity already written in the address ("&amp;" as editors write it) is kept as it is, so that
// sanitizing a saved text again does not turn it into "&amp;amp;".
std::string escapeAttribute(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    switch (c) {
      case '&':
        out += looksLikeEntity(text, i) ? "&" : "&amp;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

// The value of one attribute inside a tag's text ("a href='x' title=y"), or empty.
std::string attribute(std::string_view tag, std::string_view name) {
  std::size_t i = 0;
  while (i < tag.size()) {
    while (i < tag.size() && !std::isalpha(static_cast<unsigned char>(tag[i]))) {
      ++i;
    }
    const auto start = i;
    while (i < tag.size() && (isNameChar(tag[i]) || tag[i] == '-')) {
      ++i;
    }
    const auto key = lower(tag.substr(start, i - start));
    while (i < tag.size() && tag[i] == ' ') {
      ++i;
    }
    std::string value;
    if (i < tag.size() && tag[i] == '=') {
      ++i;
      while (i < tag.size() && tag[i] == ' ') {
        ++i;
      }
      if (i < tag.size() && (tag[i] == '"' || tag[i] == '\'')) {
        const char quote = tag[i++];
        const auto end = tag.find(quote, i);
        value = std::string(tag.substr(i, end == std::string_view::npos ? tag.npos : end - i));
        i = end == std::string_view::npos ? tag.size() : end + 1;
      } else {
        const auto end = std::min(tag.find_first_of(" >", i), tag.size());
        value = std::string(tag.substr(i, end - i));
        i = end;
      }
    }
    if (key == name) {
      return value;
    }
    if (i == start) {
      ++i;
    }
  }
  return {};
}

// Where "</name" next starts, ignoring case, from `from`; npos when nowhere. One pass: the text
// is never copied or lower-cased as a whole (that made a run of dropped elements quadratic).
std::size_t findClosingTag(std::string_view html, std::size_t from, std::string_view name) {
  for (auto at = html.find("</", from); at != std::string_view::npos;
       at = html.find("</", at + 2)) {
    const auto candidate = html.substr(at + 2, name.size());
    if (candidate.size() == name.size() &&
        std::equal(candidate.begin(), candidate.end(), name.begin(), [](char a, char b) {
          return std::tolower(static_cast<unsigned char>(a)) == b;
        })) {
      return at;
    }
  }
  return std::string_view::npos;
}

bool isSafeHref(const std::string& href) {
  std::string compact;
  for (const char c : href) {
    if (!std::isspace(static_cast<unsigned char>(c)) && static_cast<unsigned char>(c) >= 0x20) {
      compact += c;
    }
  }
  const auto l = lower(compact);
  return l.starts_with("https://") || l.starts_with("http://") || l.starts_with("mailto:");
}

constexpr std::size_t kMaxDepth = 100;

// Closes the innermost open `name` and whatever was left open inside it; nothing when no such
// element is open.
void closeUpTo(std::string& out, std::vector<std::string>& open, const std::string& name) {
  const auto it = std::find(open.rbegin(), open.rend(), name);
  if (it == open.rend()) {
    return;
  }
  const auto keep = static_cast<std::size_t>(std::distance(it, open.rend())) - 1;
  while (open.size() > keep) {
    out += "</" + open.back() + ">";
    open.pop_back();
  }
}

}  // namespace

std::string sanitizeRichText(std::string_view html) {
  std::string out;
  out.reserve(html.size());
  // The elements open at this point, so that every one is closed in order and a closing tag with
  // nothing to close is dropped; nesting deeper than kMaxDepth is flattened.
  std::vector<std::string> open;
  std::size_t i = 0;
  while (i < html.size()) {
    const char c = html[i];
    if (c == '<') {
      if (html.substr(i, 4) == "<!--") {
        const auto end = html.find("-->", i + 4);
        i = end == std::string_view::npos ? html.size() : end + 3;
        continue;
      }
      std::size_t j = i + 1;
      const bool closing = j < html.size() && html[j] == '/';
      if (closing) {
        ++j;
      }
      const auto nameStart = j;
      while (j < html.size() && isNameChar(html[j])) {
        ++j;
      }
      if (j == nameStart || !std::isalpha(static_cast<unsigned char>(html[nameStart]))) {
        out += "&lt;";
        ++i;
        continue;
      }
      const auto name = lower(html.substr(nameStart, j - nameStart));
      // The end of the tag, minding quoted attribute values.
      char quote = 0;
      while (j < html.size() && (quote != 0 || html[j] != '>')) {
        if (quote == 0 && (html[j] == '"' || html[j] == '\'')) {
          quote = html[j];
        } else if (quote != 0 && html[j] == quote) {
          quote = 0;
        }
        ++j;
      }
      const auto tagText = html.substr(nameStart, j - nameStart);
      i = std::min(j + 1, html.size());
      if (!closing && kDropWithContent.contains(name)) {
        const auto end = findClosingTag(html, i, name);
        if (end == std::string_view::npos) {
          i = html.size();
        } else {
          const auto close = html.find('>', end);
          i = close == std::string_view::npos ? html.size() : close + 1;
        }
        continue;
      }
      if (!kAllowed.contains(name)) {
        continue;
      }
      if (closing) {
        if (name != "br") {
          closeUpTo(out, open, name);
        }
        continue;
      }
      if (name != "br") {
        if (open.size() >= kMaxDepth) {
          continue;
        }
        open.push_back(name);
      }
      if (name == "a") {
        const auto href = attribute(tagText, "href");
        if (isSafeHref(href)) {
          out += "<a href=\"" + escapeAttribute(href) +
                 "\" rel=\"noopener noreferrer\" target=\"_blank\">";
        } else {
          out += "<a>";
        }
      } else {
        out += "<" + name + ">";
      }
      continue;
    }
    if (c == '>') {
      out += "&gt;";
    } else if (c == '&' && !looksLikeEntity(html, i)) {
      out += "&amp;";
    } else {
      out += c;
    }
    ++i;
  }
  while (!open.empty()) {
    out += "</" + open.back() + ">";
    open.pop_back();
  }
  return out;
}

std::string richTextToPlain(std::string_view html) {
  // The usual entities are read as their characters, so that previews read naturally; each is
  // read once, so "&amp;lt;" (someone wrote "&lt;") reads "&lt;", not "<".
  static const std::pair<std::string_view, char> kEntities[] = {{"&lt;", '<'},   {"&gt;", '>'},
                                                                {"&quot;", '"'}, {"&#39;", '\''},
                                                                {"&nbsp;", ' '}, {"&amp;", '&'}};
  std::string out;
  out.reserve(html.size());
  bool inTag = false;
  for (std::size_t i = 0; i < html.size(); ++i) {
    const char c = html[i];
    if (c == '<') {
      inTag = true;
      const auto rest = lower(html.substr(i, 5));
      if (rest.starts_with("<br") || rest.starts_with("<p") || rest.starts_with("</p") ||
          rest.starts_with("<li") || rest.starts_with("<div")) {
        if (!out.empty() && out.back() != ' ') {
          out += ' ';
        }
      }
    } else if (c == '>') {
      inTag = false;
    } else if (!inTag) {
      bool decoded = false;
      if (c == '&') {
        for (const auto& [entity, character] : kEntities) {
          if (html.substr(i, entity.size()) == entity) {
            out += character;
            i += entity.size() - 1;
            decoded = true;
            break;
          }
        }
      }
      if (!decoded) {
        out += c;
      }
    }
  }
  const auto first = out.find_first_not_of(' ');
  const auto last = out.find_last_not_of(' ');
  return first == std::string::npos ? std::string() : out.substr(first, last - first + 1);
}

}  // namespace dossier::types
