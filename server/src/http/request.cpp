#include "http/request.hpp"

#include <boost/url/parse.hpp>
#include <boost/url/url_view.hpp>

namespace dossier::http {

std::optional<std::string_view> Request::header(std::string_view lowerCaseName) const {
  for (const auto& [name, value] : headers) {
    if (name == lowerCaseName) {
      return std::string_view(value);
    }
  }
  return std::nullopt;
}

std::optional<std::string_view> Request::queryValue(std::string_view name) const {
  for (const auto& [key, value] : query) {
    if (key == name) {
      return std::string_view(value);
    }
  }
  return std::nullopt;
}

std::string_view Request::pathParam(std::string_view name) const {
  for (const auto& [key, value] : pathParams) {
    if (key == name) {
      return value;
    }
  }
  return {};
}

bool parseTarget(std::string_view target, Request& request) {
  auto parsed = boost::urls::parse_origin_form(target);
  if (!parsed) {
    return false;
  }
  const auto& url = *parsed;
  request.target = std::string(target);
  request.path = std::string(url.encoded_path());
  request.segments.clear();
  for (const auto segment : url.segments()) {
    if (segment.find('\0') != std::string::npos) {
      return false;
    }
    request.segments.push_back(segment);
  }
  // "/a/" yields a trailing empty segment; routes and files never end in one.
  if (!request.segments.empty() && request.segments.back().empty()) {
    request.segments.pop_back();
  }
  request.query.clear();
  for (const auto param : url.params()) {
    request.query.emplace_back(param.key, param.has_value ? param.value : std::string());
  }
  return true;
}

}  // namespace dossier::http
