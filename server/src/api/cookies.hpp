#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace dossier::http {
struct Request;
struct Response;
}  // namespace dossier::http

namespace dossier::api {

// The value of the request's cookie of that name (RFC 6265 §5.4); nullopt when not sent.
std::optional<std::string> requestCookie(const http::Request& request, std::string_view name);

// A cookie only the server reads (HttpOnly), sent back to paths under `path` by same-site
// requests and top-level navigations (SameSite=Lax), for maxAge (zero: removed now). Secure when
// the site is served over https.
struct ServerCookie {
  std::string name;
  std::string value;
  std::string path;
  std::chrono::seconds maxAge{0};
  bool secure = false;
};

void setServerCookie(http::Response& response, const ServerCookie& cookie);

}  // namespace dossier::api
