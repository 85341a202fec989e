#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <boost/json/object.hpp>

#include "api/session.hpp"
#include "core/result.hpp"
#include "http/request.hpp"

namespace dossier::environments {
class Environment;
}

namespace dossier::api {

// Everything a handler knows about its request: the request itself, the environment it addresses
// and, on signed-in routes, the person's session.
class Context {
 public:
  Context(http::Request& request, environments::Environment& environment)
      : request_(request), environment_(environment) {}

  http::Request& request() { return request_; }
  environments::Environment& environment() { return environment_; }
  std::string_view param(std::string_view name) const { return request_.pathParam(name); }
  Result<boost::json::object> jsonBody() const;
  // A query parameter that must be there and not empty (400 naming it otherwise).
  Result<std::string> requiredQuery(std::string_view name) const;
  // A whole number from the query, brought within [minimum, maximum]; fallback when absent or not
  // a number.
  int queryNumber(std::string_view name, int fallback, int minimum, int maximum) const;

  bool signedIn() const { return session_.has_value(); }
  const Session& session() const { return *session_; }
  void setSession(Session session) { session_ = std::move(session); }

  // Minutes east of UTC as the browser reports them (X-Timezone-Offset), 0 when not sent.
  int timezoneOffsetMinutes() const { return timezoneOffset_; }
  void setTimezoneOffset(int minutes) { timezoneOffset_ = minutes; }

 private:
  http::Request& request_;
  environments::Environment& environment_;
  std::optional<Session> session_;
  int timezoneOffset_ = 0;
};

}  // namespace dossier::api
