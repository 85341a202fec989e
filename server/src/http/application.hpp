#pragma once

#include <cstddef>
#include <memory>

#include "core/error.hpp"
#include "http/errors.hpp"
#include "http/request.hpp"
#include "http/response.hpp"
#include "http/route_metrics.hpp"
#include "http/socket.hpp"

namespace dossier::http {

// What the HTTP layer serves. It is told about a request twice: once its header is read (to
// decide how large a body to accept and where to run it), and once the body has arrived.
class Application {
 public:
  struct Plan {
    std::size_t bodyLimit = 64 * 1024;
    // Run on the worker pool rather than an I/O thread: slow CPU work such as password hashing.
    bool offload = false;
    // Of the work offloaded, what may take much CPU: it runs at the lowest priority.
    bool heavy = false;
    // Of the heavy work, a search of the index: it takes its turn on the searchers.
    bool search = false;
    // Of the work offloaded, a quick route sent off its I/O thread only because its database is
    // a server: a round trip, then a short answer. It runs on a small pool of its own, so that
    // many such requests share few threads and few database connections rather than waking one
    // of each per request (docs/performance.md).
    bool quick = false;
    int route = -1;  // the application's own note, handed back to handle()
    // Where the request is counted once answered (its route's series); none: "(unrouted)".
    RouteMetrics* metrics = nullptr;
  };

  virtual ~Application() = default;
  virtual Plan plan(const Request& request) = 0;
  // Must not throw: every failure becomes a response.
  virtual Response handle(Request& request, const Plan& plan) noexcept = 0;
  // A request to open a WebSocket: the handler that takes the connection, or (no handler) the
  // response that refuses it. Runs on the worker pool; must not throw.
  struct Upgrade {
    std::shared_ptr<SocketHandler> handler;
    Response refusal;
    RouteMetrics* metrics = nullptr;  // as Plan::metrics
  };
  virtual Upgrade upgrade(Request& request) noexcept {
    return {nullptr, error(request, Error::of(errors::kSocketNotFound,
                                              "There is no WebSocket at " + request.path + "."))};
  }
  // The JSON error response for failures found by the HTTP layer itself (413, 400, 431).
  virtual Response error(const Request& request, const Error& error) noexcept = 0;
};

}  // namespace dossier::http
