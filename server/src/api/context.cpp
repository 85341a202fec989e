#include "api/context.hpp"

#include <algorithm>
#include <charconv>

#include "api/errors.hpp"
#include "core/json_body.hpp"

namespace dossier::api {

Result<boost::json::object> Context::jsonBody() const {
  return parseJsonObject(request_.body);
}

Result<std::string> Context::requiredQuery(std::string_view name) const {
  const auto value = request_.queryValue(name);
  if (!value || value->empty()) {
    return Error::of(errors::kMissingParameter,
                     "The query parameter '" + std::string(name) + "' is required.");
  }
  return std::string(*value);
}

int Context::queryNumber(std::string_view name, int fallback, int minimum, int maximum) const {
  const auto text = request_.queryValue(name);
  if (!text) {
    return fallback;
  }
  int value = fallback;
  const auto [ptr, ec] = std::from_chars(text->data(), text->data() + text->size(), value);
  if (ec != std::errc{} || ptr != text->data() + text->size()) {
    return fallback;
  }
  return std::clamp(value, minimum, maximum);
}

}  // namespace dossier::api
