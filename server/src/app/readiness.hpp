#pragma once

#include <cstdint>

#include "http/response.hpp"

namespace dossier::environments {
class Registry;
}

namespace dossier::app {

// How far behind the change log a search index may be and its process still take requests: saves
// made a moment ago, not a rebuild (a new process catching up over a million records is far
// behind, and a load balancer sends its people elsewhere until it is not).
inline constexpr std::int64_t kReadyIndexLag = 1'000;

// GET /readyz, for a load balancer: 200 when every environment's database answers, its schema is
// the one this version knows, and its search index is caught up; 503 otherwise. The JSON body says
// which check failed, in words that name no host, file or credential (the probe is public).
http::Response readiness(environments::Registry& registry);

}  // namespace dossier::app
