#include "http/forwarded_for.hpp"

#include <algorithm>

#include "http/request.hpp"

namespace dossier::http {

namespace {

// An entry as an address, or nothing: a port or brackets some proxies add are not taken apart,
// as the proxies we document write bare addresses.
bool isAddress(std::string_view entry) {
  return !entry.empty() && entry.find('/') == std::string_view::npos &&
         AddressRange::parse(entry).has_value();
}

}  // namespace

bool isTrusted(std::string_view address, const std::vector<AddressRange>& trustedProxies) {
  return std::any_of(trustedProxies.begin(), trustedProxies.end(),
                     [&](const AddressRange& range) { return range.contains(address); });
}

std::string clientBehind(std::string_view peer, std::optional<std::string_view> forwardedFor,
                         const std::vector<AddressRange>& trustedProxies) {
  if (!forwardedFor || !isTrusted(peer, trustedProxies)) {
    return std::string(peer);
  }
  std::string_view client = peer;
  std::string_view rest = *forwardedFor;
  while (isTrusted(client, trustedProxies) && !rest.empty()) {
    const auto comma = rest.rfind(',');
    const auto entry = trimmed(comma == std::string_view::npos ? rest : rest.substr(comma + 1));
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(0, comma);
    if (!isAddress(entry)) {
      break;
    }
    client = entry;
  }
  return std::string(client);
}

}  // namespace dossier::http
