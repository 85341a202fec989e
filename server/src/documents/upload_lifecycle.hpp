#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/result.hpp"
#include "documents/uploads.hpp"

namespace dossier::environments {
class Environment;
}

namespace dossier::documents {

// Where an upload's folder and its row in the database (upload_quota) are made and removed
// together.

// A person's new upload, once the disk keeps its headroom after it and the limits leave room for
// it (upload_quota: 429, 507): first its row, counted with the others', then its folder.
Result<Upload> beginUpload(environments::Environment& environment, std::string_view username,
                           std::uint64_t length, std::string fileName, std::string caseNumber);

// A file the server makes itself (a task's letter), filed in the same call: no limit holds it,
// but it needs a row for a document to take it.
Result<Upload> beginServerUpload(environments::Environment& environment, std::string_view username,
                                 std::uint64_t length, std::string fileName,
                                 std::string caseNumber);

// The person's upload goes — cancelled, refused, or filed — folder and row, so that its share of
// the limits is free at once. False when they have no such upload.
bool endUpload(environments::Environment& environment, std::string_view id,
               std::string_view username);

// Before a piece of `bytes` is written: the disk must keep its headroom after it (507).
Status checkRoomForPiece(environments::Environment& environment, std::uint64_t bytes);

// The environment's uploads folder, data/<env>/uploads.
UploadStore uploadsOf(environments::Environment& environment);

}  // namespace dossier::documents
