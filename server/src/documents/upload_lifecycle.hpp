#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/result.hpp"
#include "uploads/upload_store.hpp"

namespace dossier::environments {
class Environment;
}

namespace dossier::documents {

// Where an upload in the environment's upload store and its row in the database (upload_quota)
// are made and removed together, and where the store's failures become the documents feature's
// answers (documents.upload_*).

// A person's new upload, once the disk keeps its headroom after it and the limits leave room for
// it (upload_quota: 429, 507): first its row, counted with the others', then the upload.
Result<uploads::Upload> beginUpload(environments::Environment& environment,
                                    std::string_view username, std::uint64_t length,
                                    std::string fileName, std::string caseNumber);

// A file the server makes itself (a task's letter), filed in the same call: no limit holds it,
// but it needs a row for a document to take it.
Result<uploads::Upload> beginServerUpload(environments::Environment& environment,
                                          std::string_view username, std::uint64_t length,
                                          std::string fileName, std::string caseNumber);

// The next piece of the person's upload, at `offset`; the last one makes its content a blob.
Result<uploads::Upload> appendToUpload(environments::Environment& environment, std::string_view id,
                                       std::string_view username, std::uint64_t offset,
                                       std::string bytes);

// The person's upload goes — cancelled, refused, or filed — upload and row, so that its share of
// the limits is free at once. False when they have no such upload.
bool endUpload(environments::Environment& environment, std::string_view id,
               std::string_view username);

// Before a piece of `bytes` is written: the disk must keep its headroom after it (507).
Status checkRoomForPiece(environments::Environment& environment, std::uint64_t bytes);

}  // namespace dossier::documents
