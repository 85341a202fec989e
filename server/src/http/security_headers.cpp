#include "http/security_headers.hpp"

#include "http/response.hpp"

namespace dossier::http {

namespace {

// Fluent UI writes its styles at run time, hence 'unsafe-inline' for styles only; scripts come
// from our own origin and nowhere else. Maps are embedded from Google when a key is configured.
// connect-src 'self' covers WebSockets to this origin too (CSP Level 3), and no other host.
constexpr const char* kContentSecurityPolicy =
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; "
    "frame-src 'self' https://www.google.com; object-src 'none'; base-uri 'self'; "
    "form-action 'self'; frame-ancestors 'none'";

}  // namespace

void applySecurityHeaders(Response& response) {
  if (!response.header("Content-Security-Policy")) {
    response.headers.emplace_back("Content-Security-Policy", kContentSecurityPolicy);
  }
  response.setHeader("X-Content-Type-Options", "nosniff");
  response.setHeader("Referrer-Policy", "same-origin");
  response.setHeader("X-Frame-Options", "DENY");
  response.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  response.setHeader("Cross-Origin-Resource-Policy", "same-origin");
  response.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
}

}  // namespace dossier::http
