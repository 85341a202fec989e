#include "documents/store_errors.hpp"

#include <spdlog/spdlog.h>

#include "blobs/errors.hpp"
#include "documents/errors.hpp"

namespace dossier::documents {

namespace {

// The codes the blob store and the upload store give a write that the file system refused.
bool isStoreWrite(const Error& error) {
  return error.kind == ErrorKind::Internal &&
         (error.is(blobs::errors::kWriteFailed) || error.is(errors::kUploadFailed));
}

}  // namespace

Error storeFailure(Error cause) {
  if (!isStoreWrite(cause)) {
    return cause;
  }
  // The path and the system's words are for the administrator's log, not for the person.
  spdlog::error("{}: {}", cause.code, cause.message);
  return Error::of(errors::kStoreFailed,
                   std::string(kStorePrefix) +
                       "the file could not be stored on the server (its disk may be full "
                       "or cannot be written). Try again later; if it goes on, tell your "
                       "administrator.");
}

Error contentMissing(std::int64_t versionId, const std::string& blob) {
  spdlog::error("documents.blob_missing: version {} refers to missing blob {}", versionId, blob);
  return Error::of(errors::kStoreFailed,
                   std::string(kStorePrefix) +
                       "the content of this file is missing on the server. Tell your "
                       "administrator.");
}

}  // namespace dossier::documents
