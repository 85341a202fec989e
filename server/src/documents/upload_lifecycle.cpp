#include "documents/upload_lifecycle.hpp"

#include "core/clock.hpp"
#include "db/connection.hpp"
#include "db/pool.hpp"
#include "documents/upload_quota.hpp"
#include "environments/environment.hpp"

namespace dossier::documents {

namespace {

std::filesystem::path folderOf(environments::Environment& environment) {
  return environment.dataFolder() / "uploads";
}

// The folder of an upload whose row is written; the row goes again when the folder cannot be made.
Result<Upload> createFolder(environments::Environment& environment, std::string id,
                            std::string_view username, std::uint64_t length, std::string fileName,
                            std::string caseNumber) {
  auto upload =
      uploadsOf(environment)
          .create(length, std::move(fileName), std::move(caseNumber), std::string(username), id);
  if (!upload) {
    auto db = environment.db().acquire();
    releaseUpload(*db, id);
  }
  return upload;
}

}  // namespace

UploadStore uploadsOf(environments::Environment& environment) {
  return UploadStore(folderOf(environment));
}

Result<Upload> beginUpload(environments::Environment& environment, std::string_view username,
                           std::uint64_t length, std::string fileName, std::string caseNumber) {
  const auto& limits = environment.config().uploads;
  if (auto room = checkDiskHeadroom(folderOf(environment), length, limits.diskHeadroom); !room) {
    return std::move(room).error();
  }
  auto id = newUploadId();
  {
    auto db = environment.db().acquire();
    if (auto reserved = reserveUpload(*db, limits, id, username, length, Clock::now()); !reserved) {
      return std::move(reserved).error();
    }
  }
  return createFolder(environment, std::move(id), username, length, std::move(fileName),
                      std::move(caseNumber));
}

Result<Upload> beginServerUpload(environments::Environment& environment, std::string_view username,
                                 std::uint64_t length, std::string fileName,
                                 std::string caseNumber) {
  auto id = newUploadId();
  {
    auto db = environment.db().acquire();
    recordUpload(*db, id, username, length, Clock::now());
  }
  return createFolder(environment, std::move(id), username, length, std::move(fileName),
                      std::move(caseNumber));
}

bool endUpload(environments::Environment& environment, std::string_view id,
               std::string_view username) {
  auto uploads = uploadsOf(environment);
  if (!uploads.find(id, username)) {
    return false;
  }
  const bool removed = uploads.remove(id, username);
  auto db = environment.db().acquire();
  releaseUpload(*db, id);
  return removed;
}

Status checkRoomForPiece(environments::Environment& environment, std::uint64_t bytes) {
  return checkDiskHeadroom(folderOf(environment), bytes, environment.config().uploads.diskHeadroom);
}

}  // namespace dossier::documents
