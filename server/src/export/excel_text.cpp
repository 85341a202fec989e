#include "export/excel_text.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>

#include "core/text.hpp"

namespace dossier::exporting::excel {

namespace {

constexpr std::size_t kMostSheetNameUnits = 31;
constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD
constexpr std::string_view kEllipsis = "\xE2\x80\xA6";     // U+2026

struct CodePoint {
  char32_t value;
  std::size_t length;
  bool valid;
};

bool continuation(std::string_view text, std::size_t at, unsigned char low = 0x80,
                  unsigned char high = 0xBF) {
  if (at >= text.size()) {
    return false;
  }
  const auto byte = static_cast<unsigned char>(text[at]);
  return byte >= low && byte <= high;
}

// The code point at `at`. What Excel cannot read — an ill-formed sequence, a NUL, U+FFFE and
// U+FFFF (none of them XML) — is not valid; an ill-formed
// sequence is taken one byte at a time, each to become one U+FFFD.
CodePoint decode(std::string_view text, std::size_t at) {
  const auto lead = static_cast<unsigned char>(text[at]);
  const auto bits = [&](std::size_t i) {
    return static_cast<char32_t>(static_cast<unsigned char>(text[at + i]) & 0x3F);
  };
  if (lead < 0x80) {
    return {lead, 1, lead != 0};
  }
  if (lead >= 0xC2 && lead <= 0xDF && continuation(text, at + 1)) {
    return {(static_cast<char32_t>(lead & 0x1F) << 6) | bits(1), 2, true};
  }
  if (lead >= 0xE0 && lead <= 0xEF) {
    const unsigned char low = lead == 0xE0 ? 0xA0 : 0x80;
    const unsigned char high = lead == 0xED ? 0x9F : 0xBF;
    if (continuation(text, at + 1, low, high) && continuation(text, at + 2)) {
      const char32_t value = (static_cast<char32_t>(lead & 0x0F) << 12) | (bits(1) << 6) | bits(2);
      return {value, 3, value != 0xFFFE && value != 0xFFFF};
    }
  }
  if (lead >= 0xF0 && lead <= 0xF4) {
    const unsigned char low = lead == 0xF0 ? 0x90 : 0x80;
    const unsigned char high = lead == 0xF4 ? 0x8F : 0xBF;
    if (continuation(text, at + 1, low, high) && continuation(text, at + 2) &&
        continuation(text, at + 3)) {
      return {
          (static_cast<char32_t>(lead & 0x07) << 18) | (bits(1) << 12) | (bits(2) << 6) | bits(3),
          4, true};
    }
  }
  return {0xFFFD, 1, false};
}

// Excel counts characters in UTF-16 units: one beyond the Basic Multilingual Plane is two.
std::size_t units(const CodePoint& point) {
  return point.valid && point.value > 0xFFFF ? 2 : 1;
}

bool digitsAt(std::string_view text, std::size_t at, std::size_t count, int& out) {
  if (at + count > text.size()) {
    return false;
  }
  const auto* first = text.data() + at;
  if (!std::all_of(first, first + count, [](char c) { return c >= '0' && c <= '9'; })) {
    return false;
  }
  std::from_chars(first, first + count, out);
  return true;
}

// Bytes a cell's text may hold as they are: printable ASCII but the XML's own &, < and >.
bool plain(unsigned char byte) {
  return byte >= 0x20 && byte < 0x80 && byte != '&' && byte != '<' && byte != '>';
}

// How XML writes the character, where it must not stand as it is: &, < and >, and in an
// attribute's value the quotes too. Null for any other.
const char* entityOf(char c, bool attribute) {
  switch (c) {
    case '&':
      return "&amp;";
    case '<':
      return "&lt;";
    case '>':
      return "&gt;";
    case '"':
      return attribute ? "&quot;" : nullptr;
    case '\'':
      return attribute ? "&apos;" : nullptr;
    default:
      return nullptr;
  }
}

void appendEscaped(std::string& xml, std::string_view text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (const char* entity = entityOf(c, false)) {
      xml += entity;
    } else if (byte >= 0x20 || c == '\t' || c == '\n') {
      xml += c;
    } else {
      xml += "_x00";
      xml += kHex[byte >> 4];
      xml += kHex[byte & 0xF];
      xml += '_';
    }
  }
}

}  // namespace

std::string_view fitted(std::string_view text, std::size_t most, std::string& fixed) {
  std::size_t total = 0;
  bool clean = true;
  for (std::size_t at = 0; at < text.size();) {
    const auto point = decode(text, at);
    clean = clean && point.valid;
    total += units(point);
    at += point.length;
  }
  if (clean && total <= most) {
    return text;
  }
  const bool cut = total > most;
  const std::size_t room = cut ? most - 1 : total;
  fixed.clear();
  std::size_t used = 0;
  for (std::size_t at = 0; at < text.size();) {
    const auto point = decode(text, at);
    if (used + units(point) > room) {
      break;
    }
    if (point.valid) {
      fixed.append(text.substr(at, point.length));
    } else {
      fixed += kReplacement;
    }
    used += units(point);
    at += point.length;
  }
  if (cut) {
    fixed += kEllipsis;
  }
  return fixed;
}

std::size_t characters(std::string_view text) {
  std::size_t count = 0;
  for (std::size_t at = 0; at < text.size(); ++count) {
    at += decode(text, at).length;
  }
  return count;
}

std::string sheetBaseName(std::string_view wanted) {
  std::string name;
  for (const char c : wanted) {
    const bool refused = std::string_view("[]:*?/\\").find(c) != std::string_view::npos ||
                         static_cast<unsigned char>(c) < 0x20;
    const char kept = refused ? ' ' : c;
    if (kept == ' ' && (name.empty() || name.back() == ' ')) {
      continue;
    }
    name += kept;
  }
  const auto ends = [](char c) { return c == ' ' || c == '\''; };
  while (!name.empty() && ends(name.back())) {
    name.pop_back();
  }
  const auto start = std::find_if_not(name.begin(), name.end(), ends);
  name.erase(name.begin(), start);
  if (name.empty()) {
    return "Report";
  }
  return asciiLower(name) == "history" ? name + " report" : name;
}

std::string sheetName(const std::string& base, std::size_t n) {
  const std::string suffix = n == 1 ? "" : " (" + std::to_string(n) + ")";
  std::string fixed;
  return std::string(fitted(base, kMostSheetNameUnits - suffix.size(), fixed)) + suffix;
}

void appendText(std::string& xml, std::string_view text, std::string& scratch) {
  // Most cells are short plain ASCII: copied at once.
  if (text.size() <= kMostCharactersPerCell && std::all_of(text.begin(), text.end(), [](char c) {
        return plain(static_cast<unsigned char>(c));
      })) {
    xml += text;
    return;
  }
  appendEscaped(xml, fitted(text, kMostCharactersPerCell, scratch));
}

void appendAttribute(std::string& xml, std::string_view text) {
  for (const char c : text) {
    if (const char* entity = entityOf(c, true)) {
      xml += entity;
    } else {
      xml += c;
    }
  }
}

bool needsSpacePreserved(std::string_view text) {
  const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  return !text.empty() && (space(text.front()) || space(text.back()));
}

std::optional<double> serialDate(std::string_view text) {
  int year = 0;
  int month = 0;
  int day = 0;
  if (text.size() < 10 || !digitsAt(text, 0, 4, year) || text[4] != '-' ||
      !digitsAt(text, 5, 2, month) || text[7] != '-' || !digitsAt(text, 8, 2, day)) {
    return std::nullopt;
  }
  int hour = 0;
  int minute = 0;
  double seconds = 0;
  std::size_t at = 10;
  if (at < text.size()) {
    if ((text[at] != ' ' && text[at] != 'T') || !digitsAt(text, at + 1, 2, hour) ||
        at + 3 >= text.size() || text[at + 3] != ':' || !digitsAt(text, at + 4, 2, minute)) {
      return std::nullopt;
    }
    at += 6;
    if (at < text.size()) {
      int whole = 0;
      if (text[at] != ':' || !digitsAt(text, at + 1, 2, whole)) {
        return std::nullopt;
      }
      at += 3;
      seconds = whole;
      if (at < text.size() && text[at] == '.') {
        double scale = 0.1;
        for (++at; at < text.size() && text[at] >= '0' && text[at] <= '9'; ++at, scale /= 10) {
          seconds += (text[at] - '0') * scale;
        }
      }
    }
    if (at != text.size()) {
      return std::nullopt;
    }
  }
  using namespace std::chrono;
  const year_month_day date{std::chrono::year(year),
                            std::chrono::month(static_cast<unsigned>(month)),
                            std::chrono::day(static_cast<unsigned>(day))};
  if (!date.ok() || year < 1900 || hour > 23 || minute > 59 || seconds >= 60) {
    return std::nullopt;
  }
  // Excel counts from 1899-12-30 but for its 29 February 1900, which never was: the days before
  // March 1900 are counted from a day later.
  const year_month_day epoch =
      date < 1900y / March / 1 ? 1899y / December / 31 : 1899y / December / 30;
  const auto days = (sys_days(date) - sys_days(epoch)).count();
  return static_cast<double>(days) + (hour * 3600.0 + minute * 60.0 + seconds) / 86400.0;
}

}  // namespace dossier::exporting::excel
