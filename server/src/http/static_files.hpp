#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "http/request.hpp"
#include "http/response.hpp"

namespace dossier::http {

// The built web app on disk (web/dist). Files keep their path; Vite's hashed assets are cached for
// a year, everything else is revalidated; a .br or .gz beside a file is sent to clients that accept
// it. Nothing outside the root is ever served.
class StaticFiles {
 public:
  explicit StaticFiles(std::filesystem::path root);

  // The file at these decoded segments, or nullopt when there is none (or the path is unsafe).
  std::optional<Response> file(const Request& request,
                               const std::vector<std::string>& segments) const;
  // index.html for the single-page app's own routes; a stand-in page until the app is built.
  Response index(const Request& request) const;

 private:
  Response serve(const Request& request, const std::filesystem::path& path,
                 const std::string& relative) const;

  std::filesystem::path root_;
};

std::string contentTypeFor(const std::filesystem::path& path);

}  // namespace dossier::http
