#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace dossier::http {

struct Response {
  int status = 200;
  std::vector<std::pair<std::string, std::string>> headers;
  std::string body;
  // When set, the body is this file, streamed from disk.
  std::optional<std::filesystem::path> file;
  std::uint64_t fileSize = 0;    // the bytes sent: the whole file, or a range of it
  std::uint64_t fileOffset = 0;  // where those bytes start (a 206 answer)
  // Held until the answer has been sent: what keeps `file` there (a temporary copy of stored
  // content is removed when it goes).
  std::shared_ptr<const void> fileKeeper;
  // Who made the request, for the request log line.
  std::string logUser;
  // How long to hold the answer before sending it, with no thread waiting: a client told to come
  // back later (429, 503) cannot send its next request on this connection before then, so a flood
  // of them is slowed to the pace it is asked to keep.
  std::chrono::milliseconds hold{0};

  void setHeader(std::string name, std::string value);
  std::optional<std::string_view> header(std::string_view name) const;  // case-insensitive
};

Response textResponse(int status, std::string contentType, std::string body);

}  // namespace dossier::http
