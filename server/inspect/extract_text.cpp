#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <vector>

#include "extract.hpp"

namespace dossier::inspect {

namespace {

constexpr std::size_t kMaxText = 256ull * 1024 * 1024;

std::string lower(std::string text) {
  for (auto& c : text) {
    c = static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
  }
  return text;
}

int hexValue(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  return -1;
}

std::string quotedPrintable(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '=' && i + 2 < text.size() + 1) {
      if (i + 1 < text.size() && (text[i + 1] == '\n' || text[i + 1] == '\r')) {
        i += (i + 2 < text.size() && text[i + 1] == '\r' && text[i + 2] == '\n') ? 2 : 1;
        continue;
      }
      if (i + 2 < text.size()) {
        const int high = hexValue(text[i + 1]);
        const int low = hexValue(text[i + 2]);
        if (high >= 0 && low >= 0) {
          out += static_cast<char>(high * 16 + low);
          i += 2;
          continue;
        }
      }
    }
    out += text[i];
  }
  return out;
}

std::string base64(std::string_view text) {
  static const std::string kAlphabet =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  int value = 0;
  int bits = -8;
  for (const char c : text) {
    const auto index = kAlphabet.find(c);
    if (index == std::string::npos) {
      continue;
    }
    value = (value << 6) + static_cast<int>(index);
    bits += 6;
    if (bits >= 0) {
      out += static_cast<char>((value >> bits) & 0xff);
      bits -= 8;
    }
  }
  return out;
}

}  // namespace

bool readWhole(const char* path, std::string& into, std::size_t limit) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "the file cannot be opened\n");
    return false;
  }
  std::ostringstream buffer;
  buffer << in.rdbuf();
  into = buffer.str();
  if (into.size() > limit) {
    std::fprintf(stderr, "the file is too large to read\n");
    return false;
  }
  return true;
}

bool plainText(const char* path, TextOutput& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "the file cannot be opened\n");
    return false;
  }
  std::string line;
  while (std::getline(in, line)) {
    out.add(line);
    out.paragraph();
  }
  return true;
}

bool htmlFile(const char* path, TextOutput& out) {
  std::string html;
  if (!readWhole(path, html, kMaxText)) {
    return false;
  }
  htmlText(html, out);
  return true;
}

// An e-mail (RFC 5322): its subject, sender, recipients and date, then the text of its plain or
// HTML parts (one of a multipart/alternative's), decoded from quoted-printable or base64.
// Attachments are left out.
bool emailFile(const char* path, TextOutput& out) {
  std::string mail;
  if (!readWhole(path, mail, kMaxText)) {
    return false;
  }
  // Header and body of one part; parts are found by their boundary.
  struct Part {
    std::string headers;
    std::string body;
  };
  const auto split = [](std::string_view text) {
    auto end = text.find("\r\n\r\n");
    std::size_t gap = 4;
    const auto lf = text.find("\n\n");
    if (end == std::string_view::npos || (lf != std::string_view::npos && lf < end)) {
      end = lf;
      gap = 2;
    }
    if (end == std::string_view::npos) {
      return Part{std::string(text), ""};
    }
    return Part{std::string(text.substr(0, end)), std::string(text.substr(end + gap))};
  };
  const auto header = [](const std::string& headers, const std::string& name) {
    const auto lowered = lower(headers);
    const auto key = "\n" + lower(name) + ":";
    auto at = ("\n" + lowered).find(key);
    if (at == std::string::npos) {
      return std::string();
    }
    at += key.size() - 1;
    std::string value;
    for (auto i = at; i < headers.size(); ++i) {
      if (headers[i] == '\n' &&
          (i + 1 >= headers.size() || (headers[i + 1] != ' ' && headers[i + 1] != '\t'))) {
        break;
      }
      value += headers[i];
    }
    return value;
  };
  const auto top = split(mail);
  for (const auto* name : {"Subject", "From", "To", "Date"}) {
    const auto value = header(top.headers, name);
    if (!value.empty()) {
      out.add(std::string(name) + ": " + value);
      out.paragraph();
    }
  }
  // Walks the parts: a multipart's children by boundary, a text part's decoded body.
  std::vector<Part> pending{top};
  int parts = 0;
  while (!pending.empty() && parts++ < 200) {
    const auto part = pending.back();
    pending.pop_back();
    const auto type = lower(header(part.headers, "Content-Type"));
    const auto encoding = lower(header(part.headers, "Content-Transfer-Encoding"));
    if (type.find("multipart/") != std::string::npos) {
      const auto at = type.find("boundary=");
      if (at == std::string::npos) {
        continue;
      }
      auto boundary = header(part.headers, "Content-Type").substr(at + 9);
      if (!boundary.empty() && boundary.front() == '"') {
        boundary = boundary.substr(1, boundary.find('"', 1) - 1);
      } else {
        boundary = boundary.substr(0, boundary.find_first_of("; \r\n"));
      }
      const auto marker = "--" + boundary;
      std::vector<Part> children;
      std::size_t from = part.body.find(marker);
      while (from != std::string::npos) {
        const auto start = part.body.find('\n', from);
        if (start == std::string::npos) {
          break;
        }
        const auto next = part.body.find(marker, start);
        const auto chunk = part.body.substr(
            start + 1, next == std::string::npos ? std::string::npos : next - start - 1);
        if (!chunk.empty()) {
          children.push_back(split(chunk));
        }
        from = next;
      }
      // Alternatives are one message told twice (text and HTML): the text is read, or else the
      // last, the richest.
      if (type.find("multipart/alternative") != std::string::npos && children.size() > 1) {
        const auto plain = std::find_if(children.begin(), children.end(), [&](const Part& child) {
          return lower(header(child.headers, "Content-Type")).find("text/plain") !=
                 std::string::npos;
        });
        children = {plain != children.end() ? *plain : children.back()};
      }
      pending.insert(pending.end(), children.rbegin(), children.rend());
      continue;
    }
    if (!type.empty() && type.find("text/") == std::string::npos) {
      continue;  // an attachment
    }
    if (lower(header(part.headers, "Content-Disposition")).find("attachment") !=
        std::string::npos) {
      continue;
    }
    std::string body = part.body;
    if (encoding.find("quoted-printable") != std::string::npos) {
      body = quotedPrintable(body);
    } else if (encoding.find("base64") != std::string::npos) {
      body = base64(body);
    }
    if (type.find("text/html") != std::string::npos) {
      htmlText(body, out);
    } else {
      out.add(body);
    }
    out.paragraph();
  }
  return true;
}

}  // namespace dossier::inspect
