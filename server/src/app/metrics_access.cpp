#include "app/metrics_access.hpp"

#include <algorithm>

#include "app/errors.hpp"
#include "core/crypto.hpp"
#include "core/text.hpp"

namespace dossier::app {

std::vector<AddressRange> MetricsAccess::loopback() {
  return {*AddressRange::parse("127.0.0.0/8"), *AddressRange::parse("::1/128")};
}

std::optional<Error> MetricsAccess::refusal(const http::Request& request) const {
  if (const auto authorization = request.header("authorization")) {
    constexpr std::string_view kScheme = "bearer ";
    const bool bearer = authorization->size() > kScheme.size() &&
                        equalsIgnoringCase(authorization->substr(0, kScheme.size()), kScheme);
    if (!token.empty() && bearer && equalSecrets(authorization->substr(kScheme.size()), token)) {
      return std::nullopt;
    }
    return Error::of(
        errors::kMetricsUnauthorized,
        token.empty() ? "This server accepts no token for its metrics: scrape it from an "
                        "address --metrics-allow names, without an Authorization header."
                      : "The token sent for the metrics is not the one in --metrics-token-file.");
  }
  const auto allowedAddress = std::any_of(allowed.begin(), allowed.end(), [&](const auto& range) {
    return range.contains(request.clientAddress);
  });
  if (allowedAddress) {
    return std::nullopt;
  }
  if (!token.empty()) {
    return Error::of(errors::kMetricsUnauthorized,
                     "The metrics need a token: send the one in --metrics-token-file as "
                     "Authorization: Bearer <token>.");
  }
  return Error::of(errors::kMetricsForbidden,
                   "The metrics are not served to " + request.clientAddress +
                       ": add its address to --metrics-allow, or give the server a token with "
                       "--metrics-token-file.");
}

}  // namespace dossier::app
