#pragma once

#include <initializer_list>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "metrics/metric.hpp"
#include "metrics/text_format.hpp"

namespace dossier::metrics {

// One series written out: a counter's or gauge's sample, or a histogram's buckets, sum and count.
void writeSeries(TextFormat& out, const std::string& name, const Labels& labels,
                 const Counter& series);
void writeSeries(TextFormat& out, const std::string& name, const Labels& labels,
                 const Gauge& series);
void writeSeries(TextFormat& out, const std::string& name, const Labels& labels,
                 const Histogram& series);

// A metric's series under one name, one for each set of label values (a route and a status, an
// environment). with() finds or makes a series and returns it for good: code on a hot path asks
// once and keeps the reference, so that counting takes no lock.
class FamilyBase {
 public:
  FamilyBase(std::string name, std::string help, std::vector<std::string> labelNames);
  virtual ~FamilyBase() = default;
  FamilyBase(const FamilyBase&) = delete;
  FamilyBase& operator=(const FamilyBase&) = delete;

  const std::string& name() const { return name_; }
  const std::vector<std::string>& labelNames() const { return labelNames_; }
  virtual std::string_view type() const = 0;
  virtual void write(TextFormat& out) const = 0;

 protected:
  // Throws std::invalid_argument unless there is one value per label name.
  void checkValues(std::size_t count) const;
  Labels labelsOf(const std::vector<std::string>& values) const;

  std::string name_;
  std::string help_;
  std::vector<std::string> labelNames_;
};

template <class Metric>
class Family final : public FamilyBase {
 public:
  Family(std::string name, std::string help, std::vector<std::string> labelNames,
         std::vector<double> bounds = {})
      : FamilyBase(std::move(name), std::move(help), std::move(labelNames)),
        bounds_(std::move(bounds)) {}

  Metric& with(std::initializer_list<std::string_view> values) {
    return with(std::vector<std::string>(values.begin(), values.end()));
  }
  Metric& with(std::vector<std::string> values) {
    checkValues(values.size());
    std::lock_guard lock(mutex_);
    auto& series = series_[std::move(values)];
    if (!series) {
      series = make();
    }
    return *series;
  }

  std::string_view type() const override {
    if constexpr (std::is_same_v<Metric, Counter>) {
      return "counter";
    } else if constexpr (std::is_same_v<Metric, Gauge>) {
      return "gauge";
    } else {
      return "histogram";
    }
  }

  void write(TextFormat& out) const override {
    out.family(name_, type(), help_);
    std::lock_guard lock(mutex_);
    for (const auto& [values, series] : series_) {
      writeSeries(out, name_, labelsOf(values), *series);
    }
  }

  const std::vector<double>& bounds() const { return bounds_; }

 private:
  std::unique_ptr<Metric> make() const {
    if constexpr (std::is_same_v<Metric, Histogram>) {
      return std::make_unique<Histogram>(bounds_);
    } else {
      return std::make_unique<Metric>();
    }
  }

  const std::vector<double> bounds_;  // histograms' buckets, shared by their series
  mutable std::mutex mutex_;
  std::map<std::vector<std::string>, std::unique_ptr<Metric>> series_;
};

// The metrics of a process. Families are made on first use and live as long as the registry;
// asking again for a name returns the same family (and throws std::logic_error when the type,
// labels or buckets asked for differ). Names and label names are checked against Prometheus'
// rules (std::invalid_argument).
class Registry {
 public:
  Family<Counter>& counter(std::string name, std::string help,
                           std::vector<std::string> labelNames = {});
  Family<Gauge>& gauge(std::string name, std::string help,
                       std::vector<std::string> labelNames = {});
  Family<Histogram>& histogram(std::string name, std::string help,
                               std::vector<std::string> labelNames, std::vector<double> bounds);

  // Every family and series, in the order of the families' names.
  void write(TextFormat& out) const;

 private:
  template <class Metric>
  Family<Metric>& family(std::string name, std::string help, std::vector<std::string> labelNames,
                         std::vector<double> bounds);

  mutable std::mutex mutex_;
  std::map<std::string, std::unique_ptr<FamilyBase>, std::less<>> families_;
};

// The registry of this process: what /metrics shows. Each process of a deployment has its own,
// and Prometheus scrapes each.
Registry& processRegistry();

}  // namespace dossier::metrics
