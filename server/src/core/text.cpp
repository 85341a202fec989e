#include "core/text.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdio>

namespace dossier {

namespace {

char lowered(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

struct Named {
  char32_t codePoint;
  const char* name;
};

// Unicode's names of the characters refused as invisible: the bidirectional controls (embeddings,
// overrides, isolates, marks), the zero-width characters, and other format characters that show
// as nothing.
constexpr std::array kInvisible{
    Named{0x00AD, "SOFT HYPHEN"},
    Named{0x061C, "ARABIC LETTER MARK"},
    Named{0x180E, "MONGOLIAN VOWEL SEPARATOR"},
    Named{0x200B, "ZERO WIDTH SPACE"},
    Named{0x200C, "ZERO WIDTH NON-JOINER"},
    Named{0x200D, "ZERO WIDTH JOINER"},
    Named{0x200E, "LEFT-TO-RIGHT MARK"},
    Named{0x200F, "RIGHT-TO-LEFT MARK"},
    Named{0x2028, "LINE SEPARATOR"},
    Named{0x2029, "PARAGRAPH SEPARATOR"},
    Named{0x202A, "LEFT-TO-RIGHT EMBEDDING"},
    Named{0x202B, "RIGHT-TO-LEFT EMBEDDING"},
    Named{0x202C, "POP DIRECTIONAL FORMATTING"},
    Named{0x202D, "LEFT-TO-RIGHT OVERRIDE"},
    Named{0x202E, "RIGHT-TO-LEFT OVERRIDE"},
    Named{0x2060, "WORD JOINER"},
    Named{0x2061, "FUNCTION APPLICATION"},
    Named{0x2062, "INVISIBLE TIMES"},
    Named{0x2063, "INVISIBLE SEPARATOR"},
    Named{0x2064, "INVISIBLE PLUS"},
    Named{0x2066, "LEFT-TO-RIGHT ISOLATE"},
    Named{0x2067, "RIGHT-TO-LEFT ISOLATE"},
    Named{0x2068, "FIRST STRONG ISOLATE"},
    Named{0x2069, "POP DIRECTIONAL ISOLATE"},
    Named{0x206A, "INHIBIT SYMMETRIC SWAPPING"},
    Named{0x206B, "ACTIVATE SYMMETRIC SWAPPING"},
    Named{0x206C, "INHIBIT ARABIC FORM SHAPING"},
    Named{0x206D, "ACTIVATE ARABIC FORM SHAPING"},
    Named{0x206E, "NATIONAL DIGIT SHAPES"},
    Named{0x206F, "NOMINAL DIGIT SHAPES"},
    Named{0xFEFF, "ZERO WIDTH NO-BREAK SPACE"},
    Named{0xFFF9, "INTERLINEAR ANNOTATION ANCHOR"},
    Named{0xFFFA, "INTERLINEAR ANNOTATION SEPARATOR"},
    Named{0xFFFB, "INTERLINEAR ANNOTATION TERMINATOR"},
};

bool isControl(char32_t c) {
  return c < 0x20 || (c >= 0x7F && c <= 0x9F);
}

// The code point starting at text[i] and its length in bytes; length 1 and no code point for a
// byte that does not begin well-formed UTF-8.
std::pair<std::optional<char32_t>, std::size_t> decodeAt(std::string_view text, std::size_t i) {
  const auto byte = static_cast<unsigned char>(text[i]);
  std::size_t length = 0;
  char32_t value = 0;
  if (byte < 0x80) {
    return {byte, 1};
  }
  if ((byte & 0xE0) == 0xC0 && byte >= 0xC2) {
    length = 2;
    value = byte & 0x1F;
  } else if ((byte & 0xF0) == 0xE0) {
    length = 3;
    value = byte & 0x0F;
  } else if ((byte & 0xF8) == 0xF0 && byte <= 0xF4) {
    length = 4;
    value = byte & 0x07;
  } else {
    return {std::nullopt, 1};
  }
  if (i + length > text.size()) {
    return {std::nullopt, 1};
  }
  for (std::size_t j = 1; j < length; ++j) {
    const auto next = static_cast<unsigned char>(text[i + j]);
    if ((next & 0xC0) != 0x80) {
      return {std::nullopt, 1};
    }
    value = (value << 6) | (next & 0x3F);
  }
  return {value, length};
}

}  // namespace

std::string asciiLower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), lowered);
  return out;
}

std::optional<std::int64_t> parsePositiveId(std::string_view text) {
  std::int64_t id = 0;
  const auto* end = text.data() + text.size();
  const auto [stop, problem] = std::from_chars(text.data(), end, id);
  if (problem != std::errc{} || stop != end || id <= 0) {
    return std::nullopt;
  }
  return id;
}

std::string_view trimmedText(std::string_view text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string_view::npos) {
    return {};
  }
  return text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
}

bool equalsIgnoringCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return lowered(x) == lowered(y);
         });
}

std::optional<HiddenCharacter> findHiddenCharacter(std::string_view text) {
  std::size_t position = 0;
  for (std::size_t i = 0; i < text.size();) {
    const auto [codePoint, length] = decodeAt(text, i);
    i += length;
    ++position;
    if (!codePoint) {
      continue;
    }
    if (isControl(*codePoint)) {
      return HiddenCharacter{*codePoint, "", position};
    }
    const auto found = std::find_if(kInvisible.begin(), kInvisible.end(), [&](const Named& named) {
      return named.codePoint == *codePoint;
    });
    if (found != kInvisible.end()) {
      return HiddenCharacter{*codePoint, found->name, position};
    }
  }
  return std::nullopt;
}

std::string describeCharacter(const HiddenCharacter& character) {
  char code[16];
  std::snprintf(code, sizeof code, "U+%04X", static_cast<unsigned>(character.codePoint));
  return character.name.empty() ? std::string(code) : std::string(code) + " " + character.name;
}

std::string formatByteSize(std::uint64_t bytes) {
  static constexpr std::array kUnits{"KiB", "MiB", "GiB", "TiB"};
  if (bytes < 1024) {
    return std::to_string(bytes) + (bytes == 1 ? " byte" : " bytes");
  }
  double value = static_cast<double>(bytes) / 1024;
  std::size_t unit = 0;
  while (value >= 1024 && unit + 1 < kUnits.size()) {
    value /= 1024;
    ++unit;
  }
  // One decimal, unless the size is whole in its unit (or so large that a tenth says nothing).
  char text[32];
  const double tenths = static_cast<double>(static_cast<std::uint64_t>(value * 10 + 0.5)) / 10;
  if (tenths == static_cast<double>(static_cast<std::uint64_t>(tenths)) || value >= 100) {
    std::snprintf(text, sizeof text, "%.0f %s", value, kUnits[unit]);
  } else {
    std::snprintf(text, sizeof text, "%.1f %s", tenths, kUnits[unit]);
  }
  return text;
}

std::string containsPattern(std::string_view part) {
  std::string pattern = "%";
  for (const char c : asciiLower(part)) {
    if (c == '%' || c == '_' || c == '\\') {
      pattern += '\\';
    }
    pattern += c;
  }
  return pattern + "%";
}

}  // namespace dossier
