#pragma once

#include <cstdint>
#include <string>

#include "core/error.hpp"

namespace dossier::documents {

// Every message of a failure of the document store (the blob store and the uploads beside it:
// a full or unwritable disk, an I/O error, a file's content missing) starts with this, and its
// code is errors::kStoreFailed: the web app raises a lasting header alert for it (spec 2 §8).
inline constexpr const char* kStorePrefix = "Document store: ";

// A failure of writing to the store, as a person is told it (503, the reason logged); any other
// error is handed back as it is.
Error storeFailure(Error cause);

// A version whose content is not in the store (503, logged).
Error contentMissing(std::int64_t versionId, const std::string& blob);

}  // namespace dossier::documents
