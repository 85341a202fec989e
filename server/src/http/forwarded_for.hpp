#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/address_range.hpp"

namespace dossier::http {

// The address of the client a request comes from, when it may have come through load balancers
// or proxies. `peer` is the address of the connection's other end. Only when the peer is one of
// the trusted proxies is its X-Forwarded-For believed: the list (each proxy appends the address it
// heard from) is read from the right, passing over trusted proxies, and the first address that is
// not one is the client — what a client writes there itself stays to the left and is never taken.
// Anything that is not an address ends the reading at the last address believed. Without trusted
// proxies, or from any other peer, the peer is the client.
std::string clientBehind(std::string_view peer, std::optional<std::string_view> forwardedFor,
                         const std::vector<AddressRange>& trustedProxies);

// Whether an address is one of the trusted proxies.
bool isTrusted(std::string_view address, const std::vector<AddressRange>& trustedProxies);

}  // namespace dossier::http
