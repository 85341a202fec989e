#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace dossier::metrics {

// A series' labels: name and value pairs, in the order written.
using Labels = std::vector<std::pair<std::string_view, std::string_view>>;

// Writes Prometheus' text exposition format (version 0.0.4): for each family a HELP and a TYPE
// line, then its samples, each `name{label="value",…} value`. Label values and help texts are
// escaped as the format asks (backslash, double quote, line feed), so that any value — an
// environment's name, a route — keeps the text parseable.
class TextFormat {
 public:
  static constexpr std::string_view kContentType = "text/plain; version=0.0.4; charset=utf-8";

  // type: counter, gauge, histogram (or untyped).
  void family(std::string_view name, std::string_view type, std::string_view help);
  void sample(std::string_view name, const Labels& labels, double value);
  void sample(std::string_view name, const Labels& labels, std::uint64_t value);

  const std::string& text() const { return text_; }
  std::string take() { return std::move(text_); }

 private:
  void beginSample(std::string_view name, const Labels& labels);
  std::string text_;
};

// A number as the format writes it: the shortest text that reads back as the same double, and
// +Inf, -Inf, NaN.
std::string formatNumber(double value);

}  // namespace dossier::metrics
