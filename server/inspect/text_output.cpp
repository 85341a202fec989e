#include "text_output.hpp"

#include <cstdio>
#include <cstdlib>

namespace dossier::inspect {

namespace {

// The length of the valid UTF-8 sequence at the start of text, or 0.
std::size_t utf8Length(std::string_view text) {
  const auto c = static_cast<unsigned char>(text[0]);
  std::size_t length = 0;
  if (c < 0x80) {
    return 1;
  } else if ((c & 0xe0) == 0xc0 && c >= 0xc2) {
    length = 2;
  } else if ((c & 0xf0) == 0xe0) {
    length = 3;
  } else if ((c & 0xf8) == 0xf0 && c <= 0xf4) {
    length = 4;
  } else {
    return 0;
  }
  if (text.size() < length) {
    return 0;
  }
  for (std::size_t i = 1; i < length; ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xc0) != 0x80) {
      return 0;
    }
  }
  return length;
}

void appendUtf8(std::string& out, unsigned long code) {
  if (code == 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) {
    out += "\xef\xbf\xbd";
  } else if (code < 0x80) {
    out += static_cast<char>(code);
  } else if (code < 0x800) {
    out += static_cast<char>(0xc0 | (code >> 6));
    out += static_cast<char>(0x80 | (code & 0x3f));
  } else if (code < 0x10000) {
    out += static_cast<char>(0xe0 | (code >> 12));
    out += static_cast<char>(0x80 | ((code >> 6) & 0x3f));
    out += static_cast<char>(0x80 | (code & 0x3f));
  } else {
    out += static_cast<char>(0xf0 | (code >> 18));
    out += static_cast<char>(0x80 | ((code >> 12) & 0x3f));
    out += static_cast<char>(0x80 | ((code >> 6) & 0x3f));
    out += static_cast<char>(0x80 | (code & 0x3f));
  }
}

bool isSpace(unsigned char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}

}  // namespace

void TextOutput::add(std::string_view text) {
  while (!text.empty()) {
    const auto c = static_cast<unsigned char>(text[0]);
    if (isSpace(c) || c < 0x20 || c == 0x7f) {
      if (!space_) {
        buffer_ += ' ';
        space_ = true;
      }
      text.remove_prefix(1);
      continue;
    }
    const auto length = utf8Length(text);
    if (length == 0) {
      buffer_ += "\xef\xbf\xbd";
      text.remove_prefix(1);
    } else {
      buffer_.append(text.substr(0, length));
      text.remove_prefix(length);
    }
    space_ = false;
    if (buffer_.size() >= 64 * 1024) {
      flush();
    }
  }
}

void TextOutput::paragraph() {
  if (!buffer_.empty() && buffer_.back() == ' ') {
    buffer_.pop_back();
  }
  if (!empty()) {
    buffer_ += '\n';
  }
  space_ = true;
}

void TextOutput::flush() {
  if (!buffer_.empty()) {
    written_ += std::fwrite(buffer_.data(), 1, buffer_.size(), stdout);
    buffer_.clear();
  }
  std::fflush(stdout);
}

std::string decodeEntities(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  while (!text.empty()) {
    const auto amp = text.find('&');
    out.append(text.substr(0, amp));
    if (amp == std::string_view::npos) {
      break;
    }
    text.remove_prefix(amp);
    const auto semi = text.find(';');
    if (semi == std::string_view::npos || semi > 10) {
      out += '&';
      text.remove_prefix(1);
      continue;
    }
    const auto name = text.substr(1, semi - 1);
    const char* named = nullptr;
    if (name == "amp")
      named = "&";
    else if (name == "lt")
      named = "<";
    else if (name == "gt")
      named = ">";
    else if (name == "quot")
      named = "\"";
    else if (name == "apos")
      named = "'";
    else if (name == "nbsp")
      named = " ";
    if (named != nullptr) {
      out += named;
    } else if (name.size() > 1 && name[0] == '#') {
      const bool hex = name[1] == 'x' || name[1] == 'X';
      const std::string digits(name.substr(hex ? 2 : 1));
      char* end = nullptr;
      const auto code = std::strtoul(digits.c_str(), &end, hex ? 16 : 10);
      if (end != nullptr && *end == '\0' && !digits.empty()) {
        appendUtf8(out, code);
      } else {
        out.append(text.substr(0, semi + 1));
      }
    } else {
      out.append(text.substr(0, semi + 1));
    }
    text.remove_prefix(semi + 1);
  }
  return out;
}

void htmlText(std::string_view html, TextOutput& out) {
  std::size_t at = 0;
  std::string text;
  const auto emit = [&] {
    if (!text.empty()) {
      out.add(decodeEntities(text));
      text.clear();
    }
  };
  while (at < html.size()) {
    if (html[at] != '<') {
      const auto next = html.find('<', at);
      text.append(
          html.substr(at, next == std::string_view::npos ? std::string_view::npos : next - at));
      at = next == std::string_view::npos ? html.size() : next;
      continue;
    }
    if (html.substr(at, 4) == "<!--") {
      const auto end = html.find("-->", at + 4);
      at = end == std::string_view::npos ? html.size() : end + 3;
      continue;
    }
    const auto close = html.find('>', at);
    if (close == std::string_view::npos) {
      break;
    }
    std::string tag;
    for (auto i = at + 1; i < close && tag.size() < 12; ++i) {
      const auto c = html[i];
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '>') {
        break;
      }
      tag += static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
    }
    at = close + 1;
    if (tag == "script" || tag == "style") {
      // Their content is never text; skip to the closing tag.
      const auto end = html.find("</", at);
      std::size_t skip = end;
      while (skip != std::string_view::npos) {
        std::string name;
        for (auto i = skip + 2; i < html.size() && name.size() < 7; ++i) {
          const auto c = html[i];
          if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) {
            break;
          }
          name += static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
        }
        if (name == tag) {
          break;
        }
        skip = html.find("</", skip + 2);
      }
      at = skip == std::string_view::npos ? html.size() : html.find('>', skip) + 1;
      if (at == 0) {
        at = html.size();
      }
      continue;
    }
    static const char* kBlocks[] = {"p",   "/p",    "br",     "br/", "div", "/div", "li", "tr",
                                    "/tr", "h1",    "h2",     "h3",  "h4",  "h5",   "h6", "td",
                                    "th",  "table", "/table", "ul",  "/ul", "ol",   "/ol"};
    bool block = false;
    for (const auto* name : kBlocks) {
      block = block || tag == name;
    }
    if (block) {
      emit();
      out.paragraph();
    }
  }
  emit();
}

}  // namespace dossier::inspect
