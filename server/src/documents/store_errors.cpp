#include "documents/store_errors.hpp"

#include <spdlog/spdlog.h>

namespace dossier::documents {

namespace {

// The codes the blob store and the upload store give a write that the file system refused.
bool isStoreWrite(const Error& error) {
  return error.kind == ErrorKind::Internal &&
         (error.code == "blobs.write_failed" || error.code == "documents.upload_failed");
}

}  // namespace

Error storeFailure(Error cause) {
  if (!isStoreWrite(cause)) {
    return cause;
  }
  // The path and the system's words are for the administrator's log, not for the person.
  spdlog::error("{}: {}", cause.code, cause.message);
  return Error::unavailable(kStoreFailedCode,
                            std::string(kStorePrefix) +
                                "the file could not be stored on the server (its disk may be full "
                                "or cannot be written). Try again later; if it goes on, tell your "
                                "administrator.");
}

Error contentMissing(std::int64_t versionId, const std::string& blob) {
  spdlog::error("documents.blob_missing: version {} refers to missing blob {}", versionId, blob);
  return Error::unavailable(kStoreFailedCode,
                            std::string(kStorePrefix) +
                                "the content of this file is missing on the server. Tell your "
                                "administrator.");
}

}  // namespace dossier::documents
