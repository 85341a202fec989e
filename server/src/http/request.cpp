#include "http/request.hpp"

#include <boost/url/parse.hpp>
#include <boost/url/url_view.hpp>

namespace dossier::http {

std::optional<std::string_view> Request::header(std::string_view lowerCaseName) const {
  for (const auto& [name, value] : headers) {
    if (name == lowerCaseName) {
      return std::string_view(value);
    }
  }
  return std::nullopt;
}

std::optional<std::string> Request::headerLines(std::string_view lowerCaseName) const {
  std::optional<std::string> joined;
  for (const auto& [name, value] : headers) {
    if (name == lowerCaseName) {
      joined = joined ? *joined + ", " + value : value;
    }
  }
  return joined;
}

std::optional<std::string_view> Request::queryValue(std::string_view name) const {
  for (const auto& [key, value] : query) {
    if (key == name) {
      return std::string_view(value);
    }
  }
  return std::nullopt;
}

std::string_view Request::pathParam(std::string_view name) const {
  for (const auto& [key, value] : pathParams) {
    if (key == name) {
      return value;
    }
  }
  return {};
}

bool parseTarget(std::string_view target, Request& request) {
  auto parsed = boost::urls::parse_origin_form(target);
  if (!parsed) {
    return false;
  }
  const auto& url = *parsed;
  request.target = std::string(target);
  request.path = std::string(url.encoded_path());
  request.segments.clear();
  for (const auto segment : url.segments()) {
    if (segment.find('\0') != std::string::npos) {
      return false;
    }
    request.segments.push_back(segment);
  }
  // "/a/" yields a trailing empty segment; routes and files never end in one.
  if (!request.segments.empty() && request.segments.back().empty()) {
    request.segments.pop_back();
  }
  request.query.clear();
  for (const auto param : url.params()) {
    request.query.emplace_back(param.key, param.has_value ? param.value : std::string());
  }
  return true;
}

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) {
    text.remove_prefix(1);
  }
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) {
    text.remove_suffix(1);
  }
  return text;
}

namespace {

bool equalsIgnoringCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) {
    return false;
  }
  for (std::size_t i = 0; i < a.size(); ++i) {
    const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; };
    if (lower(a[i]) != lower(b[i])) {
      return false;
    }
  }
  return true;
}

// The last coding of all Transfer-Encoding fields together ("gzip, chunked" → "chunked").
std::string_view lastCoding(const Request& request) {
  std::string_view last;
  for (const auto& [name, value] : request.headers) {
    if (name != "transfer-encoding") {
      continue;
    }
    std::string_view rest = value;
    while (!rest.empty()) {
      const auto comma = rest.find(',');
      const auto coding = trimmed(rest.substr(0, comma));
      if (!coding.empty()) {
        last = coding.substr(0, coding.find(';'));
        last = trimmed(last);
      }
      rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    }
  }
  return last;
}

}  // namespace

std::optional<std::string> framingProblem(const Request& request, unsigned version) {
  std::size_t hosts = 0;
  bool transferEncoding = false;
  bool contentLength = false;
  for (const auto& [name, value] : request.headers) {
    hosts += name == "host" ? 1 : 0;
    transferEncoding = transferEncoding || name == "transfer-encoding";
    contentLength = contentLength || name == "content-length";
  }
  if (hosts > 1) {
    return "The request has more than one Host header.";
  }
  if (hosts == 0 && version >= 11) {
    return "An HTTP/1.1 request needs a Host header.";
  }
  if (transferEncoding) {
    if (version < 11) {
      return "Transfer-Encoding is not allowed in an HTTP/1.0 request.";
    }
    if (!equalsIgnoringCase(lastCoding(request), "chunked")) {
      return "The request's Transfer-Encoding must end in chunked.";
    }
    if (contentLength) {
      return "The request has both Transfer-Encoding and Content-Length.";
    }
  }
  return std::nullopt;
}

bool isCorrelationIdSafe(std::string_view id) {
  if (id.empty() || id.size() > 100) {
    return false;
  }
  for (const char c : id) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '-' || c == '_' || c == '.' || c == ':';
    if (!ok) {
      return false;
    }
  }
  return true;
}

}  // namespace dossier::http
