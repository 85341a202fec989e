#pragma once

#include <string>

#include "blobs/blob_store.hpp"
#include "core/result.hpp"
#include "http/response.hpp"

namespace dossier::documents {

// Makes a stored file the answer's body: the store's own file on this disk, sent by the kernel,
// or read from the store as it is sent (a store in the database), so that a download starts at
// once however large the file, and a range reads only its own bytes. The caller sets the size and
// any range (fileSize, fileOffset). blobs.not_found when the content is not stored.
Status answerWithBlob(http::Response& response, const blobs::BlobStore& store,
                      const std::string& sha256);

}  // namespace dossier::documents
