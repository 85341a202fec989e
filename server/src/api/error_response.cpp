#include "api/error_response.hpp"

#include <algorithm>

#include <boost/json/object.hpp>
#include <spdlog/spdlog.h>

#include "api/json_response.hpp"

namespace dossier::api {

namespace {

// An answer is held at most this long, so that a person told to wait longer learns it at once.
constexpr std::chrono::seconds kLongestHold{2};

}  // namespace

int statusFor(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::BadRequest:
      return 400;
    case ErrorKind::Unauthorized:
      return 401;
    case ErrorKind::Forbidden:
      return 403;
    case ErrorKind::NotFound:
      return 404;
    case ErrorKind::MethodNotAllowed:
      return 405;
    case ErrorKind::Conflict:
      return 409;
    case ErrorKind::PayloadTooLarge:
      return 413;
    case ErrorKind::Unprocessable:
      return 422;
    case ErrorKind::TooManyRequests:
      return 429;
    case ErrorKind::HeadersTooLarge:
      return 431;
    case ErrorKind::PreconditionFailed:
      return 412;
    case ErrorKind::UnsupportedMediaType:
      return 415;
    case ErrorKind::ChecksumMismatch:
      return 460;
    case ErrorKind::InsufficientStorage:
      return 507;
    case ErrorKind::Unavailable:
      return 503;
    case ErrorKind::Internal:
      break;
  }
  return 500;
}

http::Response errorResponse(const Error& error, const std::string& correlationId,
                             ErrorStyle style) {
  const bool internal = error.kind == ErrorKind::Internal;
  if (internal) {
    spdlog::error("{}: {} (cid={})", error.code, error.message.empty() ? "-" : error.message,
                  correlationId);
  }
  const std::string message = internal ? kInternalMessage : error.message;
  boost::json::object body;
  if (style == ErrorStyle::TextInErrorField) {
    body["error"] = message;
    body["code"] = error.code;
  } else {
    body["error"] = error.code;
  }
  body["message"] = message;
  if (!error.fieldErrors.empty()) {
    boost::json::object fields;
    for (const auto& [field, text] : error.fieldErrors) {
      fields[field] = text;
    }
    body["fieldErrors"] = std::move(fields);
  }
  for (const auto& [key, value] : internal ? decltype(error.details){} : error.details) {
    std::visit([&body, &key](const auto& typed) { body[key] = typed; }, value);
  }
  body["correlationId"] = correlationId;
  auto response = jsonResponse(body, statusFor(error.kind));
  response.setHeader("Cache-Control", "no-store");
  if (!internal && error.retryAfterSeconds > 0) {
    response.setHeader("Retry-After", std::to_string(error.retryAfterSeconds));
    response.hold = std::min(std::chrono::seconds(error.retryAfterSeconds), kLongestHold);
  }
  if (!internal) {
    response.hold += error.hold;
  }
  return response;
}

}  // namespace dossier::api
