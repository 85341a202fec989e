#include "metrics/text_format.hpp"

#include <charconv>
#include <cmath>

namespace dossier::metrics {

namespace {

void appendEscaped(std::string& out, std::string_view text, bool quotes) {
  for (const char c : text) {
    if (c == '\\') {
      out += "\\\\";
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '"' && quotes) {
      out += "\\\"";
    } else {
      out += c;
    }
  }
}

}  // namespace

std::string formatNumber(double value) {
  if (std::isnan(value)) {
    return "NaN";
  }
  if (std::isinf(value)) {
    return value > 0 ? "+Inf" : "-Inf";
  }
  char buffer[32];
  const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
  return ec == std::errc{} ? std::string(buffer, end) : "NaN";
}

void TextFormat::family(std::string_view name, std::string_view type, std::string_view help) {
  text_ += "# HELP ";
  text_ += name;
  text_ += ' ';
  appendEscaped(text_, help, false);
  text_ += "\n# TYPE ";
  text_ += name;
  text_ += ' ';
  text_ += type;
  text_ += '\n';
}

void TextFormat::beginSample(std::string_view name, const Labels& labels) {
  text_ += name;
  if (!labels.empty()) {
    text_ += '{';
    bool first = true;
    for (const auto& [label, value] : labels) {
      if (!first) {
        text_ += ',';
      }
      first = false;
      text_ += label;
      text_ += "=\"";
      appendEscaped(text_, value, true);
      text_ += '"';
    }
    text_ += '}';
  }
  text_ += ' ';
}

void TextFormat::sample(std::string_view name, const Labels& labels, double value) {
  beginSample(name, labels);
  text_ += formatNumber(value);
  text_ += '\n';
}

void TextFormat::sample(std::string_view name, const Labels& labels, std::uint64_t value) {
  beginSample(name, labels);
  text_ += std::to_string(value);
  text_ += '\n';
}

}  // namespace dossier::metrics
