#include "http/static_files.hpp"

#include <algorithm>
#include <map>

namespace dossier::http {

namespace {

constexpr const char* kStandInPage = R"(<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Dossier</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; margin: 3rem; color: #242424">
<h1>Dossier is running</h1>
<p>The web app has not been built yet, so this page stands in for it.
Run <code>make build</code> and reload.</p>
<p>The API answers under <code>/api/{environment}/</code>.</p>
</body></html>
)";

bool isSafeSegment(const std::string& segment) {
  return !segment.empty() && segment.front() != '.' &&
         segment.find_first_of("/\\") == std::string::npos;
}

bool accepts(const Request& request, std::string_view coding) {
  const auto header = request.header("accept-encoding");
  if (!header) {
    return false;
  }
  // Good enough for real browsers, which never send "br;q=0".
  std::size_t start = 0;
  while (start < header->size()) {
    auto end = header->find(',', start);
    if (end == std::string_view::npos) {
      end = header->size();
    }
    auto token = header->substr(start, end - start);
    token.remove_prefix(std::min(token.find_first_not_of(' '), token.size()));
    token = token.substr(0, token.find(';'));
    while (!token.empty() && token.back() == ' ') {
      token.remove_suffix(1);
    }
    if (token == coding) {
      return true;
    }
    start = end + 1;
  }
  return false;
}

bool isHashedAsset(const std::string& relative) {
  return relative.starts_with("assets/");
}

}  // namespace

std::string contentTypeFor(const std::filesystem::path& path) {
  static const std::map<std::string, std::string> types = {
      {".html", "text/html; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"},
      {".mjs", "text/javascript; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},
      {".json", "application/json; charset=utf-8"},
      {".map", "application/json; charset=utf-8"},
      {".svg", "image/svg+xml"},
      {".png", "image/png"},
      {".jpg", "image/jpeg"},
      {".jpeg", "image/jpeg"},
      {".gif", "image/gif"},
      {".webp", "image/webp"},
      {".ico", "image/x-icon"},
      {".woff", "font/woff"},
      {".woff2", "font/woff2"},
      {".ttf", "font/ttf"},
      {".txt", "text/plain; charset=utf-8"},
      {".pdf", "application/pdf"},
      {".webmanifest", "application/manifest+json"},
      {".wasm", "application/wasm"},
  };
  auto extension = path.extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  const auto found = types.find(extension);
  return found == types.end() ? "application/octet-stream" : found->second;
}

StaticFiles::StaticFiles(std::filesystem::path root) {
  std::error_code ec;
  root_ = std::filesystem::weakly_canonical(root, ec);
  if (ec) {
    root_ = std::move(root);
  }
}

std::optional<Response> StaticFiles::file(const Request& request,
                                          const std::vector<std::string>& segments) const {
  if (segments.empty() || !std::all_of(segments.begin(), segments.end(), isSafeSegment)) {
    return std::nullopt;
  }
  std::string relative;
  for (const auto& segment : segments) {
    relative += relative.empty() ? "" : "/";
    relative += segment;
  }
  const auto path = root_ / relative;
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) {
    return std::nullopt;
  }
  // A link inside the root must not lead out of it.
  const auto real = std::filesystem::canonical(path, ec);
  if (ec) {
    return std::nullopt;
  }
  const auto [rootEnd, ignored] =
      std::mismatch(root_.begin(), root_.end(), real.begin(), real.end());
  if (rootEnd != root_.end()) {
    return std::nullopt;
  }
  return serve(request, path, relative);
}

Response StaticFiles::index(const Request& request) const {
  const auto path = root_ / "index.html";
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) {
    auto response = textResponse(200, "text/html; charset=utf-8", kStandInPage);
    response.setHeader("Cache-Control", "no-cache");
    return response;
  }
  return serve(request, path, "index.html");
}

Response StaticFiles::serve(const Request& request, const std::filesystem::path& path,
                            const std::string& relative) const {
  Response response;
  std::error_code ec;
  auto chosen = path;
  std::string encoding;
  for (const auto& [coding, suffix] : {std::pair{"br", ".br"}, std::pair{"gzip", ".gz"}}) {
    auto candidate = path;
    candidate += suffix;
    if (std::filesystem::is_regular_file(candidate, ec)) {
      response.setHeader("Vary", "Accept-Encoding");
      if (encoding.empty() && accepts(request, coding)) {
        chosen = candidate;
        encoding = coding;
      }
    }
  }
  const auto size = std::filesystem::file_size(chosen, ec);
  const auto modified = std::filesystem::last_write_time(chosen, ec).time_since_epoch().count();
  const auto etag = "\"" + std::to_string(size) + "-" + std::to_string(modified) +
                    (encoding.empty() ? "" : "-" + encoding) + "\"";

  response.setHeader("Content-Type", contentTypeFor(path));
  response.setHeader("ETag", etag);
  response.setHeader("Cache-Control",
                     isHashedAsset(relative) ? "public, max-age=31536000, immutable" : "no-cache");
  if (!encoding.empty()) {
    response.setHeader("Content-Encoding", encoding);
  }
  const auto ifNoneMatch = request.header("if-none-match");
  if (ifNoneMatch && *ifNoneMatch == etag) {
    response.status = 304;
    return response;
  }
  response.file = chosen;
  response.fileSize = size;
  return response;
}

}  // namespace dossier::http
