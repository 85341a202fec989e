#pragma once

#include "core/error_code.hpp"

namespace dossier::app::errors {

inline constexpr ErrorCode kBadTimezoneOffset{"app.bad_timezone_offset", ErrorKind::BadRequest};
inline constexpr ErrorCode kHealthMethodNotAllowed{"app.health_method_not_allowed",
                                                   ErrorKind::MethodNotAllowed};
// A hub connection from a page that is not this server's web app.
inline constexpr ErrorCode kHubOrigin{"app.hub_origin", ErrorKind::Forbidden};
inline constexpr ErrorCode kMethodNotAllowed{"app.method_not_allowed", ErrorKind::MethodNotAllowed};
// /metrics from an address not allowed to read them, with no token configured.
inline constexpr ErrorCode kMetricsForbidden{"app.metrics_forbidden", ErrorKind::Forbidden};
// /metrics without the token it needs, or with a wrong one.
inline constexpr ErrorCode kMetricsUnauthorized{"app.metrics_unauthorized",
                                                ErrorKind::Unauthorized};
// Anything but GET or HEAD for the web app's pages and files.
inline constexpr ErrorCode kWebMethodNotAllowed{"app.web_method_not_allowed",
                                                ErrorKind::MethodNotAllowed};

}  // namespace dossier::app::errors
