#include "core/json_writer.hpp"

#include <cmath>

namespace dossier {

namespace {

// The length of the valid UTF-8 sequence at the start of text, or 0 when it is not one (a stray
// continuation byte, an overlong form, a surrogate, past U+10FFFF, cut short).
std::size_t utf8SequenceLength(std::string_view text) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(0);
  std::size_t length = 0;
  char32_t point = 0;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
    point = lead & 0x1F;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    point = lead & 0x0F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    point = lead & 0x07;
  } else {
    return 0;
  }
  if (text.size() < length) {
    return 0;
  }
  for (std::size_t i = 1; i < length; ++i) {
    if ((byte(i) & 0xC0) != 0x80) {
      return 0;
    }
    point = (point << 6) | (byte(i) & 0x3F);
  }
  const bool overlong = (length == 3 && point < 0x800) || (length == 4 && point < 0x10000);
  const bool surrogate = point >= 0xD800 && point <= 0xDFFF;
  return overlong || surrogate || point > 0x10FFFF ? 0 : length;
}

}  // namespace

void appendJsonString(std::string& out, std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  out += '"';
  // Plain characters go in runs: most text has nothing to escape.
  const auto plain = [](unsigned char c) { return c >= 0x20 && c < 0x7F && c != '"' && c != '\\'; };
  std::size_t i = 0;
  while (i < text.size()) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (plain(c)) {
      auto end = i + 1;
      while (end < text.size() && plain(static_cast<unsigned char>(text[end]))) {
        ++end;
      }
      out.append(text.substr(i, end - i));
      i = end;
      continue;
    }
    if (c >= 0x80) {
      const auto length = utf8SequenceLength(text.substr(i));
      if (length == 0) {
        out += "\\ufffd";
        ++i;
      } else {
        out.append(text.substr(i, length));
        i += length;
      }
      continue;
    }
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        out += "\\u00";
        out += kHex[c >> 4];
        out += kHex[c & 0xF];
    }
    ++i;
  }
  out += '"';
}

void JsonWriter::beforeValue() {
  if (afterMember_) {
    out_ += ',';
  }
  afterMember_ = true;
}

void JsonWriter::open(char bracket) {
  beforeValue();
  out_ += bracket;
  afterMember_ = false;
}

void JsonWriter::close(char bracket) {
  out_ += bracket;
  afterMember_ = true;
}

void JsonWriter::beginObject() {
  open('{');
}

void JsonWriter::endObject() {
  close('}');
}

void JsonWriter::beginArray() {
  open('[');
}

void JsonWriter::endArray() {
  close(']');
}

void JsonWriter::key(std::string_view name) {
  if (afterMember_) {
    out_ += ',';
  }
  appendJsonString(out_, name);
  out_ += ':';
  // Its value follows without a comma.
  afterMember_ = false;
}

void JsonWriter::string(std::string_view text) {
  beforeValue();
  appendJsonString(out_, text);
}

void JsonWriter::number(double value) {
  beforeValue();
  // JSON has no infinities or NaN.
  if (!std::isfinite(value)) {
    out_ += "null";
    return;
  }
  // The shortest text that reads back as the same number.
  appendNumber(value);
}

void JsonWriter::number(long long value) {
  beforeValue();
  appendNumber(value);
}

void JsonWriter::boolean(bool value) {
  beforeValue();
  out_ += value ? "true" : "false";
}

void JsonWriter::raw(std::string_view json) {
  beforeValue();
  out_ += json;
}

}  // namespace dossier
