#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <boost/json/object.hpp>

#include "auth/sessions.hpp"
#include "core/result.hpp"
#include "http/request.hpp"

namespace dossier::environments {
class Environment;
}

namespace dossier::app {

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

  bool signedIn() const { return session_.has_value(); }
  const auth::Session& session() const { return *session_; }
  void setSession(auth::Session session) { session_ = std::move(session); }

  // Minutes east of UTC as the browser reports them (X-Timezone-Offset), 0 when not sent.
  int timezoneOffsetMinutes() const { return timezoneOffset_; }
  void setTimezoneOffset(int minutes) { timezoneOffset_ = minutes; }

 private:
  http::Request& request_;
  environments::Environment& environment_;
  std::optional<auth::Session> session_;
  int timezoneOffset_ = 0;
};

}  // namespace dossier::app
