#pragma once

#include <array>
#include <atomic>
#include <mutex>
#include <string>
#include <string_view>

#include "metrics/registry.hpp"

namespace dossier::http {

// The requests of one route — a method and a path pattern ("/api/{env}/search"), never a path as
// sent, so that there are as many series as routes and not one per record: how many were
// answered, by status, and how long they took. Observing takes no lock once a status has been
// seen on the route (its counter is kept in a slot); a status seen for the first time takes one.
class RouteMetrics {
 public:
  RouteMetrics(metrics::Registry& registry, std::string method, std::string route);
  RouteMetrics(const RouteMetrics&) = delete;
  RouteMetrics& operator=(const RouteMetrics&) = delete;

  void observe(int status, double seconds) noexcept;

  // The label a request's method gets: the method itself when it is a standard one, otherwise
  // OTHER, so that made-up methods add no series.
  static std::string_view methodLabel(std::string_view method);
  // Those labels, OTHER last; the index of a method's label among them.
  static const std::array<std::string_view, 8>& methodLabels();
  static std::size_t methodIndex(std::string_view method);

 private:
  metrics::Counter& counterFor(int status);
  metrics::Histogram& duration();

  metrics::Family<metrics::Counter>& requests_;
  metrics::Family<metrics::Histogram>& durations_;
  const std::string method_;
  const std::string route_;
  std::atomic<metrics::Histogram*> duration_{nullptr};
  struct Slot {
    std::atomic<int> status{0};  // set once its counter is
    std::atomic<metrics::Counter*> counter{nullptr};
  };
  std::array<Slot, 12> slots_;
  std::mutex mutex_;  // for a status not seen before
};

}  // namespace dossier::http
