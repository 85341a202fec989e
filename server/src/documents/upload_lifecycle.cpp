#include "documents/upload_lifecycle.hpp"

#include <utility>

#include "core/clock.hpp"
#include "db/connection.hpp"
#include "db/pool.hpp"
#include "documents/errors.hpp"
#include "documents/upload_quota.hpp"
#include "environments/environment.hpp"
#include "uploads/errors.hpp"

namespace dossier::documents {

namespace {

// The upload store's codes, and the documents feature's that answer them (its messages stand).
constexpr std::pair<ErrorCode, ErrorCode> kAnswers[] = {
    {uploads::errors::kBadId, errors::kUploadFailed},
    {uploads::errors::kBusy, errors::kUploadBusy},
    {uploads::errors::kNotFound, errors::kUploadNotFound},
    {uploads::errors::kOffset, errors::kUploadOffset},
    {uploads::errors::kTooLong, errors::kUploadTooLong},
    {uploads::errors::kWriteFailed, errors::kUploadFailed},
};

Error answered(Error cause) {
  for (const auto& [store, ours] : kAnswers) {
    if (cause.is(store)) {
      return Error::of(ours, std::move(cause.message));
    }
  }
  return cause;  // the blob store's, answered as they are (store_errors)
}

Result<uploads::Upload> answered(Result<uploads::Upload> result) {
  if (!result) {
    return answered(std::move(result).error());
  }
  return result;
}

// Checks the headroom of the disk that takes unfinished uploads' bytes, when they go to this
// machine's disk.
Status checkHeadroom(environments::Environment& environment, std::uint64_t bytes) {
  const auto folder = environment.uploads().localFolder();
  if (!folder) {
    return {};
  }
  return checkDiskHeadroom(*folder, bytes, environment.config().uploads.diskHeadroom);
}

// The upload whose row is written; the row goes again when the upload cannot be made.
Result<uploads::Upload> createUpload(environments::Environment& environment, std::string id,
                                     std::string_view username, std::uint64_t length,
                                     std::string fileName, std::string caseNumber) {
  auto upload = environment.uploads().create(id, length, std::move(fileName), std::move(caseNumber),
                                             std::string(username));
  if (!upload) {
    auto db = environment.db().acquire();
    releaseUpload(*db, id);
  }
  return answered(std::move(upload));
}

}  // namespace

Result<uploads::Upload> beginUpload(environments::Environment& environment,
                                    std::string_view username, std::uint64_t length,
                                    std::string fileName, std::string caseNumber) {
  const auto& limits = environment.config().uploads;
  if (auto room = checkHeadroom(environment, length); !room) {
    return std::move(room).error();
  }
  auto id = uploads::newUploadId();
  {
    auto db = environment.db().acquire();
    if (auto reserved = reserveUpload(*db, limits, id, username, length, Clock::now()); !reserved) {
      return std::move(reserved).error();
    }
  }
  return createUpload(environment, std::move(id), username, length, std::move(fileName),
                      std::move(caseNumber));
}

Result<uploads::Upload> beginServerUpload(environments::Environment& environment,
                                          std::string_view username, std::uint64_t length,
                                          std::string fileName, std::string caseNumber) {
  auto id = uploads::newUploadId();
  {
    auto db = environment.db().acquire();
    recordUpload(*db, id, username, length, Clock::now());
  }
  return createUpload(environment, std::move(id), username, length, std::move(fileName),
                      std::move(caseNumber));
}

Result<uploads::Upload> appendToUpload(environments::Environment& environment, std::string_view id,
                                       std::string_view username, std::uint64_t offset,
                                       std::string bytes) {
  return answered(environment.uploads().append(id, username, offset, std::move(bytes)));
}

bool endUpload(environments::Environment& environment, std::string_view id,
               std::string_view username) {
  auto& uploads = environment.uploads();
  if (!uploads.find(id, username)) {
    return false;
  }
  const bool removed = uploads.remove(id, username);
  auto db = environment.db().acquire();
  releaseUpload(*db, id);
  return removed;
}

Status checkRoomForPiece(environments::Environment& environment, std::uint64_t bytes) {
  return checkHeadroom(environment, bytes);
}

}  // namespace dossier::documents
