#pragma once

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace dossier::outbound {

// A request Dossier makes to another service (a cloud directory's configuration, keys and token
// endpoint). Only https: a secret or a token never crosses the network in clear text.
struct HttpsRequest {
  std::string url;
  // Form fields sent as application/x-www-form-urlencoded with POST; none: a GET.
  std::vector<std::pair<std::string, std::string>> form = {};
  // HTTP basic authentication (RFC 7617), when user is not empty.
  std::string user = {};
  std::string password = {};
  // Authorities to trust beside the system's (a directory inside the organisation).
  std::filesystem::path caFile = {};
  std::chrono::seconds timeout{10};
  // A longer answer is refused unread: the other service cannot fill this process's memory.
  std::size_t maxBytes = 1024 * 1024;
};

struct HttpsResponse {
  long status = 0;
  std::string body = {};
  std::string contentType = {};
  // Why there is no answer (cannot connect, certificate not trusted, too long, too slow); empty
  // when there is one, whatever its status.
  std::string problem = {};

  bool answered() const { return problem.empty(); }
};

// Blocks the calling thread for at most request.timeout: call it from a worker, never from an I/O
// thread. Redirects are not followed.
HttpsResponse fetchOverHttps(const HttpsRequest& request);

// The application/x-www-form-urlencoded form of text (RFC 3986 unreserved characters kept).
std::string formEncoded(std::string_view text);

}  // namespace dossier::outbound
