#pragma once

#include <string_view>

#include "metrics/registry.hpp"

namespace dossier::http {

// How busy one pool of workers is, for /metrics: work running (a request's handler, a hub
// message), and handed over but waiting for a worker.
struct WorkerLoad {
  WorkerLoad(std::string_view pool, unsigned size)
      : busy(metrics::processRegistry()
                 .gauge("dossier_http_workers_busy",
                        "Workers running a request's handler or a hub message now, by pool "
                        "(quick, ordinary, heavy).",
                        {"pool"})
                 .with({pool})),
        queued(metrics::processRegistry()
                   .gauge("dossier_http_workers_queued",
                          "Requests and hub messages handed to a pool of workers and waiting for "
                          "one of them.",
                          {"pool"})
                   .with({pool})) {
    metrics::processRegistry()
        .gauge("dossier_http_workers", "Workers in each pool (quick, ordinary, heavy).", {"pool"})
        .with({pool})
        .set(size);
  }
  metrics::Gauge& busy;
  metrics::Gauge& queued;
};

// Work on a worker (counted as queued when it was handed over): no longer waiting for one, and
// running until this is destroyed.
struct Running {
  explicit Running(WorkerLoad& load) : load(load) {
    load.queued.decrement();
    load.busy.increment();
  }
  ~Running() { load.busy.decrement(); }
  Running(const Running&) = delete;
  Running& operator=(const Running&) = delete;
  WorkerLoad& load;
};

}  // namespace dossier::http
