#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace dossier {

// One logger for the process, writing to standard error. level: trace, debug, info, warn, error.
// A server's lines are written in batches by a thread of its own (onItsOwnThread), within 20 ms, a
// warning at once; a command writes as it goes, so that its lines never land in the middle of what
// it prints itself.
void initialiseLogging(std::string_view level, bool onItsOwnThread);
// Writes out what is still queued; call before the process exits.
void shutdownLogging();

// How lines are written: Text, one line of text each (time, level, message), for people; Json,
// one JSON object a line (time, level, process, message, and the request's correlation id and
// user), for a log shipper.
enum class LogFormat { Text, Json };
// "text" or "json"; nothing for any other name.
std::optional<LogFormat> logFormatNamed(std::string_view name);
// From now on lines are written in `format`. Call before anything else is logged (the server does
// first thing): lines already queued are written in the new format's frame. process names this
// process in JSON lines.
void setLogFormat(LogFormat format, std::string process);
// This machine's name and this process's id, "host:1234": what tells the lines of several
// processes apart.
std::string defaultProcessName();

// While it lives, what this thread logs belongs to a request: JSON lines carry its correlation
// id and, once known, its user. Scopes nest (a call over the hub inside a socket's message).
class RequestLogScope {
 public:
  explicit RequestLogScope(std::string_view correlationId);
  ~RequestLogScope();
  RequestLogScope(const RequestLogScope&) = delete;
  RequestLogScope& operator=(const RequestLogScope&) = delete;

  // The request being handled on this thread was made by `user`.
  static void setUser(std::string_view user);

 private:
  std::string previousCorrelationId_;
  std::string previousUser_;
  bool active_;
};

// The one line written for each request answered.
struct RequestLine {
  std::string_view via;  // "HUB" for a call over the realtime hub, empty for HTTP
  std::string_view method;
  std::string_view path;
  int status = 0;
  std::optional<double> milliseconds;  // from the header read to the answer written
  std::string_view correlationId;
  std::string_view user;  // empty: nobody signed in
};
// As text: "GET /api/demo/menu 200 1.2ms cid=… user=…"; as JSON, the same with the method, path,
// status, duration, correlation id and user in fields of their own.
void logRequest(const RequestLine& line);

}  // namespace dossier
