#include "http/route_metrics.hpp"

namespace dossier::http {

RouteMetrics::RouteMetrics(metrics::Registry& registry, std::string method, std::string route)
    : requests_(registry.counter("dossier_http_requests_total",
                                 "HTTP requests answered, by method, route pattern and status.",
                                 {"method", "route", "status"})),
      durations_(registry.histogram(
          "dossier_http_request_duration_seconds",
          "Time from a request's header read to its answer written, by method and route pattern "
          "(a 429 or 503 held back for its Retry-After not counting the hold).",
          {"method", "route"}, metrics::requestSecondsBounds())),
      method_(std::move(method)),
      route_(std::move(route)) {}

const std::array<std::string_view, 8>& RouteMetrics::methodLabels() {
  static constexpr std::array<std::string_view, 8> kLabels{"GET",    "HEAD",  "POST",    "PUT",
                                                           "DELETE", "PATCH", "OPTIONS", "OTHER"};
  return kLabels;
}

std::size_t RouteMetrics::methodIndex(std::string_view method) {
  const auto& labels = methodLabels();
  for (std::size_t i = 0; i + 1 < labels.size(); ++i) {
    if (method == labels[i]) {
      return i;
    }
  }
  return labels.size() - 1;
}

std::string_view RouteMetrics::methodLabel(std::string_view method) {
  return methodLabels()[methodIndex(method)];
}

void RouteMetrics::observe(int status, double seconds) noexcept {
  try {
    counterFor(status).increment();
    duration().observe(seconds);
  } catch (...) {
    // Only making a new series can throw (memory): the request is answered all the same.
  }
}

metrics::Histogram& RouteMetrics::duration() {
  if (auto* known = duration_.load(std::memory_order_acquire)) {
    return *known;
  }
  // Made on first use, so that routes nobody calls add nothing to the scrape. Two threads making
  // it at once get the same series from the family.
  auto& made = durations_.with({method_, route_});
  duration_.store(&made, std::memory_order_release);
  return made;
}

metrics::Counter& RouteMetrics::counterFor(int status) {
  for (auto& slot : slots_) {
    const int held = slot.status.load(std::memory_order_acquire);
    if (held == status) {
      return *slot.counter.load(std::memory_order_relaxed);
    }
    if (held == 0) {
      break;
    }
  }
  std::lock_guard lock(mutex_);
  auto& counter = requests_.with({method_, route_, std::to_string(status)});
  for (auto& slot : slots_) {
    const int held = slot.status.load(std::memory_order_relaxed);
    if (held == status) {
      return counter;
    }
    if (held == 0) {
      slot.counter.store(&counter, std::memory_order_relaxed);
      slot.status.store(status, std::memory_order_release);
      return counter;
    }
  }
  return counter;  // more statuses than slots: found in the family each time
}

}  // namespace dossier::http
