#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "core/address_range.hpp"
#include "core/result.hpp"

namespace dossier::http {

class Application;

struct ServerOptions {
  std::string address = "127.0.0.1";
  unsigned short port = 8080;
  // Sized by the caller from one place (core/capacity.hpp) with the database pools.
  unsigned threads = 1;       // I/O threads: they run connections, never handlers
  unsigned workers = 8;       // threads for the handlers the application offloads
  unsigned heavyWorkers = 4;  // of those, for heavy work, at a lower priority
  // Of those, for searches of the index, one a core: a search only computes, and several on one
  // core share it by time slices, each taking as long as all of them, a short one waiting behind
  // a long one's slice. Taken in turn, each runs at the core's speed. When as many searches wait
  // as there are searchers, the next runs with the heavy work instead, beside them: no search
  // waits behind more than one round of others, whoever sends them.
  unsigned searchers = 2;
  unsigned quickWorkers = 2;               // of those, for quick routes on a database server
  std::chrono::seconds readTimeout{30};    // to receive a whole request once it has begun
  std::chrono::seconds idleTimeout{75};    // between requests on a kept-alive connection
  std::chrono::seconds writeTimeout{60};   // to send a response; a file, for each stall
  std::chrono::seconds shutdownGrace{30};  // for requests in flight when asked to stop
  std::size_t headerLimit = 16 * 1024;
  // Open connections at most, in all and from one client address, so that no one client can take
  // every file descriptor. 0: what the process's file limit (raised at start where allowed)
  // leaves once the databases and indexes have theirs. When a limit is reached the connection
  // idle longest is closed for the new one; with none idle the new one is refused.
  std::size_t maxConnections = 0;
  std::size_t maxConnectionsPerAddress = 256;
  // Load balancers and proxies in front of the server (http/forwarded_for.hpp): a request through
  // one is from the client its X-Forwarded-For names, and the connections of one count only
  // against maxConnections (all of a balancer's clients come through it; it limits them itself).
  std::vector<AddressRange> trustedProxies;
};

// Serves HTTP/1.1 until SIGINT or SIGTERM. Then it stops accepting, closes idle connections, lets
// requests in flight finish (for at most shutdownGrace) and returns. onListening is told the port
// actually bound, which matters when port 0 asked for any free one.
Status serve(const ServerOptions& options, Application& application,
             const std::function<void(unsigned short)>& onListening);

}  // namespace dossier::http
