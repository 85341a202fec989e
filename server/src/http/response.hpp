#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace dossier::http {

// An answer's body read in pieces as it is sent (http/send_source.hpp): content kept elsewhere
// than this machine's disk, such as a document in the database, whose first bytes go out while
// the rest is still being read.
class BodySource {
 public:
  virtual ~BodySource() = default;
  // Up to into.size() bytes from `offset`; 0 at the end. Throws when the content cannot be read.
  // Called on a worker thread, one call at a time.
  virtual std::size_t read(std::uint64_t offset, std::span<char> into) = 0;
};

struct Response {
  int status = 200;
  std::vector<std::pair<std::string, std::string>> headers;
  std::string body;
  // When set, the body is this file, streamed from disk.
  std::optional<std::filesystem::path> file;
  std::uint64_t fileSize = 0;    // the bytes sent: the whole file, or a range of it
  std::uint64_t fileOffset = 0;  // where those bytes start (a 206 answer)
  // When set instead of `file`, the body is read from here (fileOffset and fileSize as for a file).
  std::shared_ptr<BodySource> source;
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
