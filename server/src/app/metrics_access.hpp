#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/address_range.hpp"
#include "core/error.hpp"
#include "http/request.hpp"

namespace dossier::app {

// Who may read /metrics. The figures say how busy the server is, how many people fail to sign
// in, how far behind its index is: not for everyone. By default only this machine (loopback)
// may; `dossier serve --metrics-allow` names the addresses Prometheus scrapes from, and
// `--metrics-token-file` a token it sends as `Authorization: Bearer <token>`.
struct MetricsAccess {
  std::vector<AddressRange> allowed = loopback();
  std::string token;  // empty: no token is accepted

  static std::vector<AddressRange> loopback();

  // Nothing when the request may read the metrics. A request that sends a token is judged by it
  // alone (401 when it is not the one configured); one without, by its address (403 when the
  // address is not allowed; 401 when a token is configured and would have been let in).
  std::optional<Error> refusal(const http::Request& request) const;
};

}  // namespace dossier::app
