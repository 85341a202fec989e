#include <algorithm>
#include <charconv>

#include "api/context.hpp"
#include "api/json_response.hpp"
#include "api/route.hpp"
#include "blobs/blob_store.hpp"
#include "blobs/errors.hpp"
#include "core/crypto.hpp"
#include "db/pool.hpp"
#include "documents/errors.hpp"
#include "documents/file_checks.hpp"
#include "documents/file_type.hpp"
#include "documents/request_fields.hpp"
#include "documents/route_groups.hpp"
#include "documents/store_errors.hpp"
#include "documents/upload_lifecycle.hpp"
#include "environments/environment.hpp"
#include "records/access.hpp"
#include "types/document_definition.hpp"
#include "uploads/upload_store.hpp"

namespace dossier::documents {

namespace {

// The tus protocol, version 1.0.0 (https://tus.io/protocols/resumable-upload): resumable uploads
// that existing clients (tus-js-client, Uppy) speak. Core, creation and termination.
constexpr const char* kTusVersion = "1.0.0";
constexpr std::size_t kMaxChunk = 8 * 1024 * 1024;
constexpr const char* kChunkPath = "/api/{env}/documentupload/chunk";

http::Response tusResponse(int status) {
  http::Response response;
  response.status = status;
  response.setHeader("Tus-Resumable", kTusVersion);
  response.setHeader("Cache-Control", "no-store");
  return response;
}

Status speaksTus(const http::Request& request) {
  const auto version = request.header("tus-resumable");
  if (!version || *version != kTusVersion) {
    return Error::of(errors::kTusVersion, "Uploads speak tus 1.0.0: send Tus-Resumable: 1.0.0.");
  }
  return {};
}

std::optional<std::uint64_t> number(std::optional<std::string_view> text) {
  if (!text || text->empty()) {
    return std::nullopt;
  }
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text->data(), text->data() + text->size(), value);
  if (error != std::errc() || end != text->data() + text->size()) {
    return std::nullopt;
  }
  return value;
}

// Upload-Metadata: "key base64,key base64"; the values decoded.
std::optional<std::string> metadata(const http::Request& request, std::string_view key) {
  const auto header = request.header("upload-metadata");
  if (!header) {
    return std::nullopt;
  }
  std::string_view rest = *header;
  while (!rest.empty()) {
    const auto comma = rest.find(',');
    auto pair = rest.substr(0, comma);
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    while (!pair.empty() && pair.front() == ' ') {
      pair.remove_prefix(1);
    }
    const auto space = pair.find(' ');
    if (pair.substr(0, space) != key) {
      continue;
    }
    return space == std::string_view::npos ? std::optional<std::string>(std::string())
                                           : base64Decode(pair.substr(space + 1));
  }
  return std::nullopt;
}

const types::DocumentDefinition* definitionOf(api::Context& context) {
  return context.environment().catalog().documents.get();
}

Result<http::Response> options(api::Context& context) {
  const auto* definition = definitionOf(context);
  auto response = tusResponse(204);
  response.setHeader("Tus-Version", kTusVersion);
  response.setHeader("Tus-Extension", "creation,termination,checksum");
  response.setHeader("Tus-Checksum-Algorithm", "sha256");
  if (definition != nullptr) {
    response.setHeader("Tus-Max-Size", std::to_string(definition->maxFileSize));
  }
  return response;
}

// POST: a new upload for a case the person may change, announced with its length and its file's
// name; refused before a byte is sent when the name, the size or the case will not do, or when
// the person's unfinished uploads, everyone's, or the disk leave no room for it (upload_quota).
Result<http::Response> create(api::Context& context) {
  auto& request = context.request();
  if (auto tus = speaksTus(request); !tus) {
    return std::move(tus).error();
  }
  const auto* definition = definitionOf(context);
  if (definition == nullptr) {
    return documentsNotKept();
  }
  const auto length = number(request.header("upload-length"));
  if (!length) {
    return Error::of(errors::kUploadLength,
                     "Send the file's length as Upload-Length (a deferred length is not "
                     "supported).");
  }
  if (auto size = checkFileSize(*length, definition->maxFileSize); !size) {
    return std::move(size).error();
  }
  const auto fileName = metadata(request, "filename");
  if (!fileName) {
    return Error::of(errors::kFileNameMissing,
                     "Send the file's name in Upload-Metadata (filename).");
  }
  if (auto name = checkFileName(*fileName); !name) {
    return std::move(name).error();
  }
  const auto extension = extensionOf(*fileName);
  const auto& allowed = definition->allowedTypes;
  if (std::find(allowed.begin(), allowed.end(), extension) == allowed.end()) {
    return Error::of(errors::kFileType,
                     "Files of this type cannot be added here" +
                         (extension.empty() ? std::string() : " (." + extension + ")") + ".");
  }
  const auto caseNumber = metadata(request, "caseNumber").value_or("");
  {
    auto db = context.environment().db().acquire();
    const auto found =
        records::recordAccess(*db, context.environment().catalog(), types::EntityKind::Case,
                              caseNumber, context.session().username);
    if (!found || !found->visible()) {
      return records::recordNotFound(types::EntityKind::Case, caseNumber);
    }
    if (!found->access.canModify) {
      return Error::of(errors::kUploadDenied, "You are not allowed to add documents to this case.");
    }
  }
  auto upload = beginUpload(context.environment(), context.session().username, *length, *fileName,
                            caseNumber);
  if (!upload) {
    return storeFailure(std::move(upload).error());
  }
  auto response = tusResponse(201);
  response.setHeader("Location",
                     "/api/" + context.environment().key() + "/documentupload/chunk/" + upload->id);
  response.setHeader("Upload-Offset", "0");
  return response;
}

// HEAD: where the person's upload stands, to resume from.
Result<http::Response> offset(api::Context& context) {
  if (auto tus = speaksTus(context.request()); !tus) {
    return std::move(tus).error();
  }
  const auto upload =
      context.environment().uploads().find(context.param("id"), context.session().username);
  if (!upload) {
    return Error::of(errors::kUploadNotFound, "There is no such upload.");
  }
  auto response = tusResponse(200);
  response.setHeader("Upload-Offset", std::to_string(upload->offset));
  response.setHeader("Upload-Length", std::to_string(upload->length));
  return response;
}

// The checksum extension: "Upload-Checksum: sha256 <base64 digest>" of the piece sent; a piece
// whose bytes do not match is refused (460) and nothing of it is kept.
Status checkChecksum(const http::Request& request) {
  const auto header = request.header("upload-checksum");
  if (!header) {
    return {};
  }
  const auto space = header->find(' ');
  const auto algorithm = header->substr(0, space);
  if (algorithm != "sha256" || space == std::string_view::npos) {
    return Error::of(errors::kChecksumAlgorithm,
                     "Upload-Checksum must use sha256, the one algorithm supported.");
  }
  const auto digest = base64Decode(header->substr(space + 1));
  if (!digest || digest->size() != 32) {
    return Error::of(errors::kChecksumMalformed,
                     "Upload-Checksum must be sha256 and the base64 of a 32-byte digest.");
  }
  const auto expected =
      toHex(reinterpret_cast<const std::uint8_t*>(digest->data()), digest->size());
  if (expected != sha256Hex(request.body)) {
    return Error::of(errors::kChecksumMismatch,
                     "The piece of the file that arrived is not the piece that was "
                     "sent (its checksum differs). Send it again.");
  }
  return {};
}

// PATCH: the next bytes, at the offset the upload stands at, if the disk keeps its headroom after
// them.
Result<http::Response> append(api::Context& context) {
  auto& request = context.request();
  if (auto tus = speaksTus(request); !tus) {
    return std::move(tus).error();
  }
  const auto type = request.header("content-type");
  if (!type || *type != "application/offset+octet-stream") {
    return Error::of(errors::kUploadContentType,
                     "Send the bytes as application/offset+octet-stream.");
  }
  const auto at = number(request.header("upload-offset"));
  if (!at) {
    return Error::of(errors::kUploadOffsetMissing, "Send Upload-Offset.");
  }
  if (auto checksum = checkChecksum(request); !checksum) {
    return std::move(checksum).error();
  }
  auto& environment = context.environment();
  if (auto room = checkRoomForPiece(environment, request.body.size()); !room) {
    return std::move(room).error();
  }
  auto upload = appendToUpload(environment, context.param("id"), context.session().username, *at,
                               std::move(request.body));
  if (!upload) {
    return storeFailure(std::move(upload).error());
  }
  if (!upload->blob.empty()) {
    // The whole file is here: what it is is read from its content now, so that a refused file is
    // told at once, and leaves nothing behind.
    const auto file = environment.blobs().edgesFile(upload->blob, kTypeEdgeBytes);
    auto type = file ? recogniseFile(file->path(), upload->fileName,
                                     environment.catalog().documents->allowedTypes)
                : file.error().is(blobs::errors::kNotFound)
                    ? Result<FileType>(Error::of(errors::kBlobMissing, upload->blob))
                    : Result<FileType>(storeFailure(file.error()));
    if (!type) {
      endUpload(environment, upload->id, context.session().username);
      return std::move(type).error();
    }
  }
  auto response = tusResponse(204);
  response.setHeader("Upload-Offset", std::to_string(upload->offset));
  return response;
}

// DELETE: the person gives the upload up; what arrived goes.
Result<http::Response> terminate(api::Context& context) {
  if (auto tus = speaksTus(context.request()); !tus) {
    return std::move(tus).error();
  }
  if (!endUpload(context.environment(), context.param("id"), context.session().username)) {
    return Error::of(errors::kUploadNotFound, "There is no such upload.");
  }
  return tusResponse(204);
}

}  // namespace

void registerUploadRoutes(api::RouteTable& routes) {
  const std::string chunk = kChunkPath;
  routes.add({.method = "OPTIONS", .path = chunk, .handler = options, .work = api::Work::Quick});
  routes.add({.method = "POST", .path = chunk, .handler = create, .bodyLimit = 0});
  routes.add(
      {.method = "HEAD", .path = chunk + "/{id}", .handler = offset, .work = api::Work::Quick});
  routes.add(
      {.method = "PATCH", .path = chunk + "/{id}", .handler = append, .bodyLimit = kMaxChunk});
  routes.add({.method = "DELETE", .path = chunk + "/{id}", .handler = terminate});
}

}  // namespace dossier::documents
