#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <variant>

#include "core/error_code.hpp"
#include "core/errors.hpp"

namespace dossier {

// A public fact about a failure, sent as JSON of its own type (a row version is a number).
using ErrorDetail = std::variant<std::string, std::int64_t, bool>;

// An expected failure: a stable machine code ("<feature>.<code>") and a message a person can act
// on. The message of an internal error is for the log only: the client is always given the generic
// text of kInternalMessage (api/error_response), so a library's words never reach it.
struct Error {
  ErrorKind kind = ErrorKind::Internal;
  std::string code;
  std::string message;
  std::map<std::string, std::string> fieldErrors;
  // Extra public facts, e.g. who changed a record for a 409, rendered beside the message.
  std::map<std::string, ErrorDetail> details;
  // When to ask again (a Retry-After header), for a 429 or a 503; 0 when not said.
  std::int64_t retryAfterSeconds = 0;
  // How long the answer is held before it is sent (no thread waits): so that it takes as long as
  // another answer it must not be told apart from.
  std::chrono::milliseconds hold{0};

  // An error of a declared code (a feature's errors.hpp), of the kind the code is declared with.
  static Error of(const ErrorCode& code, std::string message = {}) {
    return {code.kind, std::string(code.code), std::move(message), {}, {}};
  }
  bool is(const ErrorCode& other) const { return code == other.code; }

  Error&& withField(std::string field, std::string text) && {
    fieldErrors.emplace(std::move(field), std::move(text));
    return std::move(*this);
  }
  Error&& withDetail(std::string key, ErrorDetail value) && {
    details.emplace(std::move(key), std::move(value));
    return std::move(*this);
  }
  Error&& withRetryAfter(std::int64_t seconds) && {
    retryAfterSeconds = seconds;
    return std::move(*this);
  }
  Error&& withHold(std::chrono::milliseconds duration) && {
    hold = duration;
    return std::move(*this);
  }
};

}  // namespace dossier
