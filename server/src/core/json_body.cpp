#include "core/json_body.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>

#include "core/errors.hpp"

namespace dossier {

namespace {

Error fieldTypeError(std::string_view key, std::string_view expected) {
  const std::string field(key);
  return Error::of(core::errors::kInvalidField,
                   "The field '" + field + "' must be " + std::string(expected) + ".")
      .withField(field, "Must be " + std::string(expected) + ".");
}

}  // namespace

Result<boost::json::object> parseJsonObject(std::string_view body) {
  if (body.find_first_not_of(" \t\r\n") == std::string_view::npos) {
    return Error::of(core::errors::kEmptyBody,
                     "The request has no body; a JSON object was expected.");
  }
  boost::system::error_code ec;
  boost::json::value value = boost::json::parse(body, ec);
  if (ec) {
    return Error::of(core::errors::kMalformedJson,
                     "The request body is not valid JSON (" + ec.message() + ").");
  }
  if (!value.is_object()) {
    return Error::of(core::errors::kMalformedJson, "The request body must be a JSON object.");
  }
  return std::move(value.as_object());
}

Result<std::optional<std::string>> optionalStringField(const boost::json::object& body,
                                                       std::string_view key) {
  const auto* value = body.if_contains(key);
  if (value == nullptr || value->is_null()) {
    return std::optional<std::string>{};
  }
  if (!value->is_string()) {
    return fieldTypeError(key, "text");
  }
  return std::optional<std::string>(std::string(value->get_string()));
}

Result<std::string> stringField(const boost::json::object& body, std::string_view key) {
  auto field = optionalStringField(body, key);
  if (!field) {
    return std::move(field).error();
  }
  if (!field.value()) {
    const std::string name(key);
    return Error::of(core::errors::kMissingField, "The field '" + name + "' is missing.")
        .withField(name, "Required");
  }
  return std::move(*field.value());
}

Result<bool> boolField(const boost::json::object& body, std::string_view key) {
  const auto* value = body.if_contains(key);
  if (value == nullptr) {
    const std::string name(key);
    return Error::of(core::errors::kMissingField, "The field '" + name + "' is missing.")
        .withField(name, "Required");
  }
  if (!value->is_bool()) {
    return fieldTypeError(key, "true or false");
  }
  return value->get_bool();
}

std::string textOf(const boost::json::object& object, std::string_view key) {
  const auto* value = object.if_contains(key);
  return value != nullptr && value->is_string() ? std::string(value->as_string()) : std::string();
}

}  // namespace dossier
