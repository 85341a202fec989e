#include "api/cookies.hpp"

#include "http/request.hpp"
#include "http/response.hpp"

namespace dossier::api {

std::optional<std::string> requestCookie(const http::Request& request, std::string_view name) {
  // Several Cookie lines are joined with ", " by headerLines; browsers send one, with "; ".
  const auto header = request.headerLines("cookie");
  if (!header) {
    return std::nullopt;
  }
  std::string_view rest = *header;
  while (!rest.empty()) {
    const auto end = rest.find_first_of(";,");
    auto pair = http::trimmed(rest.substr(0, end));
    rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
    const auto equals = pair.find('=');
    if (equals != std::string_view::npos && http::trimmed(pair.substr(0, equals)) == name) {
      auto value = http::trimmed(pair.substr(equals + 1));
      if (value.size() >= 2 && value.front() == '"' && value.back() == '"') {
        value = value.substr(1, value.size() - 2);
      }
      return std::string(value);
    }
  }
  return std::nullopt;
}

void setServerCookie(http::Response& response, const ServerCookie& cookie) {
  response.setHeader("Set-Cookie", cookie.name + "=" + cookie.value + "; Path=" + cookie.path +
                                       "; Max-Age=" + std::to_string(cookie.maxAge.count()) +
                                       "; HttpOnly; SameSite=Lax" +
                                       (cookie.secure ? "; Secure" : ""));
}

}  // namespace dossier::api
