#include "documents/file_type.hpp"

#include <algorithm>
#include <cstdlib>

#include <spdlog/spdlog.h>

#include "core/child_process.hpp"
#include "documents/errors.hpp"
#include "documents/file_checks.hpp"

namespace dossier::documents {

namespace {

struct Known {
  const char* mediaType;
  std::vector<std::string> extensions;
};

// libmagic's names. A zip holds office files it does not always tell apart; plain text may be
// a CSV or an e-mail saved without headers it recognises.
const std::vector<Known>& knownTypes() {
  static const std::vector<Known> known = {
      {"application/pdf", {"pdf"}},
      {"application/vnd.openxmlformats-officedocument.wordprocessingml.document", {"docx"}},
      {"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", {"xlsx"}},
      {"application/vnd.openxmlformats-officedocument.presentationml.presentation", {"pptx"}},
      {"application/vnd.oasis.opendocument.text", {"odt"}},
      {"application/vnd.oasis.opendocument.spreadsheet", {"ods"}},
      {"application/vnd.oasis.opendocument.presentation", {"odp"}},
      {"application/zip", {"docx", "xlsx", "pptx", "odt", "ods", "odp"}},
      {"application/octet-stream", {}},
      {"text/plain", {"txt", "csv", "eml"}},
      {"text/csv", {"csv", "txt"}},
      {"text/html", {"html"}},
      {"message/rfc822", {"eml"}},
      {"text/rtf", {"rtf"}},
      {"application/rtf", {"rtf"}},
      {"image/png", {"png"}},
      {"image/jpeg", {"jpg", "jpeg"}},
      {"image/tiff", {"tif", "tiff"}},
      {"image/gif", {"gif"}},
  };
  return known;
}

const std::vector<std::pair<std::string, std::string>>& downloadTypes() {
  static const std::vector<std::pair<std::string, std::string>> types = {
      {"pdf", "application/pdf"},
      {"docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"},
      {"xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"},
      {"pptx", "application/vnd.openxmlformats-officedocument.presentationml.presentation"},
      {"odt", "application/vnd.oasis.opendocument.text"},
      {"ods", "application/vnd.oasis.opendocument.spreadsheet"},
      {"odp", "application/vnd.oasis.opendocument.presentation"},
      {"txt", "text/plain; charset=utf-8"},
      {"csv", "text/csv; charset=utf-8"},
      {"html", "text/html; charset=utf-8"},
      {"eml", "message/rfc822"},
      {"rtf", "application/rtf"},
      {"png", "image/png"},
      {"jpg", "image/jpeg"},
      {"jpeg", "image/jpeg"},
      {"tif", "image/tiff"},
      {"tiff", "image/tiff"},
      {"gif", "image/gif"},
  };
  return types;
}

// Recognising a type reads little of a file: a small allowance is plenty.
ChildLimits typeLimits() {
  ChildLimits limits;
  limits.memoryBytes = 256ull * 1024 * 1024;
  limits.cpuSeconds = 5;
  limits.wallTime = std::chrono::milliseconds(10'000);
  limits.outputBytes = 4096;
  return limits;
}

}  // namespace

std::string inspectorProgram() {
  if (const char* configured = std::getenv("DOSSIER_INSPECT"); configured != nullptr) {
    return configured;
  }
  std::error_code ec;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::string("dossier-inspect") : (self.parent_path() / "dossier-inspect").string();
}

std::vector<std::string> extensionsFor(std::string_view mediaType) {
  for (const auto& known : knownTypes()) {
    if (mediaType == known.mediaType) {
      return known.extensions;
    }
  }
  return {};
}

std::string mediaTypeFor(std::string_view extension) {
  for (const auto& [ext, type] : downloadTypes()) {
    if (ext == extension) {
      return type;
    }
  }
  return "application/octet-stream";
}

Result<FileType> recogniseFile(const std::filesystem::path& file, std::string_view fileName,
                               const std::vector<std::string>& allowedTypes) {
  const auto result = runChild(inspectorProgram(), {"type", file.string()}, typeLimits());
  if (!result.succeeded()) {
    spdlog::error("recognising {}: the inspector {}", std::string(fileName), result.describe());
    return Error::of(errors::kFileUnreadable, "The file " + std::string(fileName) +
                                                  " could not be recognised, so it was not added.");
  }
  std::string mediaType = result.output.substr(0, result.output.find('\n'));
  const auto named = extensionOf(fileName);
  const auto possible = extensionsFor(mediaType);
  const auto allowed = [&](const std::string& extension) {
    return std::find(allowedTypes.begin(), allowedTypes.end(), extension) != allowedTypes.end();
  };
  if (std::find(possible.begin(), possible.end(), named) != possible.end() && allowed(named)) {
    return FileType{named, mediaTypeFor(named)};
  }
  const auto usual = std::find_if(possible.begin(), possible.end(), allowed);
  if (usual == possible.end()) {
    return std::move(Error::of(errors::kFileType,
                               "The content of " + std::string(fileName) + " (" + mediaType +
                                   ") is not a type of file that can be added here."))
        .withDetail("mediaType", mediaType);
  }
  return std::move(Error::of(errors::kFileTypeMismatch,
                             "The file " + std::string(fileName) + " is named ." + named +
                                 " but its content is ." + *usual + ". Rename it to end ." +
                                 *usual + " or choose the right file."))
      .withDetail("mediaType", mediaType);
}

}  // namespace dossier::documents
