#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

namespace dossier::metrics {

// A count that only goes up (requests answered, sign-ins refused). Safe from any thread; adding is
// one atomic instruction.
class Counter {
 public:
  void increment(std::uint64_t by = 1) noexcept { value_.fetch_add(by, std::memory_order_relaxed); }
  std::uint64_t value() const noexcept { return value_.load(std::memory_order_relaxed); }

 private:
  std::atomic<std::uint64_t> value_{0};
};

// A value that goes up and down (handlers running now). Safe from any thread.
class Gauge {
 public:
  void set(double value) noexcept { value_.store(value, std::memory_order_relaxed); }
  void add(double by) noexcept { value_.fetch_add(by, std::memory_order_relaxed); }
  void increment() noexcept { add(1); }
  void decrement() noexcept { add(-1); }
  double value() const noexcept { return value_.load(std::memory_order_relaxed); }

 private:
  std::atomic<double> value_{0};
};

// How values fall into buckets (how long requests took): a count per bucket, the sum and the
// count of all. Safe from any thread; observing is a search of the bounds and two atomic adds.
class Histogram {
 public:
  // bounds: the buckets' upper bounds, ascending; a last bucket, +Inf, takes what lies beyond.
  // They must outlive the histogram (a family keeps them for its series).
  explicit Histogram(const std::vector<double>& bounds);

  void observe(double value) noexcept;

  struct Snapshot {
    std::vector<std::uint64_t> cumulative;  // per bound, then +Inf: values ≤ the bound
    std::uint64_t count = 0;                // the +Inf bucket, so the two always agree
    double sum = 0;
  };
  Snapshot snapshot() const;
  const std::vector<double>& bounds() const { return bounds_; }

 private:
  const std::vector<double>& bounds_;
  // Not cumulative: one add per observation; snapshot() sums them up.
  std::unique_ptr<std::atomic<std::uint64_t>[]> counts_;
  std::atomic<double> sum_{0};
};

// Bounds for how long a web request takes: 5 ms to 10 s.
const std::vector<double>& requestSecondsBounds();

}  // namespace dossier::metrics
