#include "http/response.hpp"

#include <strings.h>

namespace dossier::http {

namespace {

bool sameName(std::string_view a, std::string_view b) {
  return a.size() == b.size() && strncasecmp(a.data(), b.data(), a.size()) == 0;
}

}  // namespace

void Response::setHeader(std::string name, std::string value) {
  for (auto& [key, existing] : headers) {
    if (sameName(key, name)) {
      existing = std::move(value);
      return;
    }
  }
  headers.emplace_back(std::move(name), std::move(value));
}

std::optional<std::string_view> Response::header(std::string_view name) const {
  for (const auto& [key, value] : headers) {
    if (sameName(key, name)) {
      return std::string_view(value);
    }
  }
  return std::nullopt;
}

Response textResponse(int status, std::string contentType, std::string body) {
  Response response;
  response.status = status;
  response.headers.emplace_back("Content-Type", std::move(contentType));
  response.body = std::move(body);
  return response;
}

}  // namespace dossier::http
