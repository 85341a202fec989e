#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace dossier::blobs {
class BlobStore;
}
namespace dossier::db {
class Connection;
}

namespace dossier::datamove {

struct ReferencedBlob {
  std::string sha256;
  std::uint64_t size = 0;
};

// Every blob a document version names, each once, by name.
std::vector<ReferencedBlob> referencedBlobs(db::Connection& source);

struct BlobCopy {
  std::int64_t written = 0;
  std::int64_t alreadyThere = 0;
  std::uint64_t bytesWritten = 0;
  // What could not be copied, each as a sentence (a blob missing from the source's store).
  std::vector<std::string> problems;
};

// Writes into the target store each blob it does not hold yet, read from the source store; a blob
// it holds is left as it is. progress is told the bytes done so far (written or found there).
BlobCopy copyBlobs(const std::vector<ReferencedBlob>& blobs, const blobs::BlobStore& source,
                   blobs::BlobStore& target, const std::function<void(std::int64_t)>& progress);

// Reads each blob back from the store and names every one that is missing or whose content does
// not have the SHA-256 it is named by. progress is told the bytes read so far.
std::vector<std::string> checkBlobs(const std::vector<ReferencedBlob>& blobs,
                                    const blobs::BlobStore& store,
                                    const std::function<void(std::int64_t)>& progress);

}  // namespace dossier::datamove
