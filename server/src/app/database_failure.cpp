#include "app/database_failure.hpp"

#include <spdlog/spdlog.h>

#include "api/error_response.hpp"
#include "core/errors.hpp"
#include "db/errors.hpp"

namespace dossier::app {

namespace {
// How long a request refused because the database is not answering waits before asking again.
constexpr int kRetryAfterSeconds = 5;
}  // namespace

http::Response databaseFailure(const db::DatabaseError& error, const http::Request& request) {
  if (error.failure() == db::Failure::UniqueViolation) {
    spdlog::info("{} {}: {}", request.method, request.path, error.what());
    return api::errorResponse(
        Error::of(db::errors::kConflict,
                  "Someone else saved the same thing at the same moment. Reload and try again."),
        request.correlationId);
  }
  if (error.transient()) {
    // The pool makes the connection anew; the request did nothing.
    spdlog::warn("{} {}: {}", request.method, request.path, error.what());
    return api::errorResponse(
        Error::of(db::errors::kUnavailable,
                  "The database is not answering just now. Please try again in a few seconds.")
            .withRetryAfter(kRetryAfterSeconds),
        request.correlationId);
  }
  return api::errorResponse(
      Error::of(core::errors::kInternal, request.method + " " + request.path + ": " + error.what()),
      request.correlationId);
}

}  // namespace dossier::app
