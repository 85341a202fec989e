#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <boost/json/object.hpp>

#include "core/result.hpp"

namespace dossier {

// Reading request bodies: every way a body can be wrong becomes a 400 with a message naming the
// field, never an exception.
Result<boost::json::object> parseJsonObject(std::string_view body);

// A text field; absent or null reads as nullopt.
Result<std::optional<std::string>> optionalStringField(const boost::json::object& body,
                                                       std::string_view key);
// A text field that must be present (it may be empty).
Result<std::string> stringField(const boost::json::object& body, std::string_view key);
Result<bool> boolField(const boost::json::object& body, std::string_view key);

// The text at key, or "" when it is absent or not text: for JSON read leniently (a message over
// the hub, a stored filter, another service's answer), where a missing value is simply empty.
std::string textOf(const boost::json::object& object, std::string_view key);

}  // namespace dossier
