#include "metrics/registry.hpp"

#include <algorithm>
#include <stdexcept>

namespace dossier::metrics {

namespace {

bool isNameCharacter(char c, bool first, bool colonAllowed) {
  const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
  const bool digit = c >= '0' && c <= '9';
  return letter || (colonAllowed && c == ':') || (!first && digit);
}

bool isValidName(std::string_view name, bool colonAllowed) {
  if (name.empty()) {
    return false;
  }
  for (std::size_t i = 0; i < name.size(); ++i) {
    if (!isNameCharacter(name[i], i == 0, colonAllowed)) {
      return false;
    }
  }
  return true;
}

}  // namespace

FamilyBase::FamilyBase(std::string name, std::string help, std::vector<std::string> labelNames)
    : name_(std::move(name)), help_(std::move(help)), labelNames_(std::move(labelNames)) {
  if (!isValidName(name_, true)) {
    throw std::invalid_argument("'" + name_ + "' is not a valid metric name");
  }
  for (const auto& label : labelNames_) {
    // "le" belongs to histograms' buckets; names starting with __ are Prometheus' own.
    if (!isValidName(label, false) || label == "le" || label.starts_with("__")) {
      throw std::invalid_argument("'" + label + "' is not a valid label name for " + name_);
    }
  }
}

void FamilyBase::checkValues(std::size_t count) const {
  if (count != labelNames_.size()) {
    throw std::invalid_argument(name_ + " has " + std::to_string(labelNames_.size()) +
                                " labels, not " + std::to_string(count));
  }
}

Labels FamilyBase::labelsOf(const std::vector<std::string>& values) const {
  Labels labels;
  labels.reserve(values.size() + 1);
  for (std::size_t i = 0; i < values.size(); ++i) {
    labels.emplace_back(labelNames_[i], values[i]);
  }
  return labels;
}

void writeSeries(TextFormat& out, const std::string& name, const Labels& labels,
                 const Counter& series) {
  out.sample(name, labels, series.value());
}

void writeSeries(TextFormat& out, const std::string& name, const Labels& labels,
                 const Gauge& series) {
  out.sample(name, labels, series.value());
}

void writeSeries(TextFormat& out, const std::string& name, const Labels& labels,
                 const Histogram& series) {
  const auto snapshot = series.snapshot();
  const auto& bounds = series.bounds();
  auto withBound = labels;
  withBound.emplace_back("le", "");
  for (std::size_t i = 0; i <= bounds.size(); ++i) {
    const auto bound = i < bounds.size() ? formatNumber(bounds[i]) : std::string("+Inf");
    withBound.back().second = bound;
    out.sample(name + "_bucket", withBound, snapshot.cumulative[i]);
  }
  out.sample(name + "_sum", labels, snapshot.sum);
  out.sample(name + "_count", labels, snapshot.count);
}

template <class Metric>
Family<Metric>& Registry::family(std::string name, std::string help,
                                 std::vector<std::string> labelNames, std::vector<double> bounds) {
  std::lock_guard lock(mutex_);
  if (const auto found = families_.find(name); found != families_.end()) {
    auto* existing = dynamic_cast<Family<Metric>*>(found->second.get());
    if (existing == nullptr || existing->labelNames() != labelNames ||
        existing->bounds() != bounds) {
      throw std::logic_error("the metric " + name + " was made before with another type, " +
                             "other labels or other buckets");
    }
    return *existing;
  }
  if (!std::is_sorted(bounds.begin(), bounds.end()) ||
      std::adjacent_find(bounds.begin(), bounds.end()) != bounds.end()) {
    throw std::invalid_argument("the buckets of " + name + " must be ascending");
  }
  auto made = std::make_unique<Family<Metric>>(name, std::move(help), std::move(labelNames),
                                               std::move(bounds));
  auto& family = *made;
  families_.emplace(std::move(name), std::move(made));
  return family;
}

Family<Counter>& Registry::counter(std::string name, std::string help,
                                   std::vector<std::string> labelNames) {
  return family<Counter>(std::move(name), std::move(help), std::move(labelNames), {});
}

Family<Gauge>& Registry::gauge(std::string name, std::string help,
                               std::vector<std::string> labelNames) {
  return family<Gauge>(std::move(name), std::move(help), std::move(labelNames), {});
}

Family<Histogram>& Registry::histogram(std::string name, std::string help,
                                       std::vector<std::string> labelNames,
                                       std::vector<double> bounds) {
  return family<Histogram>(std::move(name), std::move(help), std::move(labelNames),
                           std::move(bounds));
}

void Registry::write(TextFormat& out) const {
  std::lock_guard lock(mutex_);
  for (const auto& [name, family] : families_) {
    family->write(out);
  }
}

Registry& processRegistry() {
  static Registry registry;
  return registry;
}

}  // namespace dossier::metrics
