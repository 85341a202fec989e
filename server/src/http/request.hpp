#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace dossier::http {

// A request as handlers see it: no Beast types, so that features compile without Beast.
struct Request {
  std::string method;                 // upper case, e.g. "GET"
  std::string target;                 // as sent, path and query
  std::string path;                   // the path part, still percent-encoded
  std::vector<std::string> segments;  // the path split at '/', each percent-decoded
  std::vector<std::pair<std::string, std::string>> query;    // decoded, in order
  std::vector<std::pair<std::string, std::string>> headers;  // names in lower case
  std::vector<std::pair<std::string, std::string>> pathParams;
  std::string body;
  std::string clientAddress;
  std::string correlationId;

  std::optional<std::string_view> header(std::string_view lowerCaseName) const;
  // Every line of a header that may be sent several times, joined with ", " in the order sent
  // (RFC 9110 §5.3): a proxy may add a line of its own below one the client wrote.
  std::optional<std::string> headerLines(std::string_view lowerCaseName) const;
  std::optional<std::string_view> queryValue(std::string_view name) const;
  std::string_view pathParam(std::string_view name) const;
};

// A part of a header's value without the spaces and tabs HTTP allows around it (RFC 9110's OWS).
std::string_view trimmed(std::string_view text);

// Whether a correlation id the client chose may be kept (logged, echoed): 1 to 100 of
// [A-Za-z0-9-_.:]. One that may not is replaced by the server's own.
bool isCorrelationIdSafe(std::string_view id);

// Splits an origin-form target ("/a/b%20c?x=1") into path, segments and query. False when the
// target is not a valid origin-form URL or a segment decodes to something unsafe (a NUL byte).
bool parseTarget(std::string_view target, Request& request);

// RFC 9112's framing rules, which a request must meet before its body is read: a
// Transfer-Encoding must end in chunked and may not stand beside a Content-Length (a body framed
// two ways is how one request is smuggled inside another), and an HTTP/1.1 request has exactly one
// Host. The reason for refusing, or nothing when the request is well framed.
std::optional<std::string> framingProblem(const Request& request, unsigned version);

}  // namespace dossier::http
