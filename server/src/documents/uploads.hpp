#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "core/result.hpp"

namespace dossier::blobs {
class BlobStore;
}

namespace dossier::documents {

// An upload in progress, or finished and waiting for the document it becomes.
struct Upload {
  std::string id;
  std::uint64_t length = 0;  // the whole file, announced when the upload was created
  std::uint64_t offset = 0;  // how much has arrived and is on disk
  std::string fileName;
  std::string caseNumber;
  std::string username;  // only the person who began it may see or continue it
  std::string blob;      // the SHA-256 of the content once the last byte has arrived
};

// A random upload id: 32 lower-case hex digits.
std::string newUploadId();

// Uploads that may be cut off and resumed (the tus protocol's state), one folder each under
// data/<env>/uploads/<id>/: what was announced, and the bytes received so far. The offset is the
// size of the file, which after a crash is what reached the disk, so that a client resuming after
// a cut gets an offset it can trust; the disk writes a piece while the next one is sent. The last
// byte waits for the whole file to be on the disk, then moves it into the blob store. Upload ids
// are random; a path is never made from anything else a client sent.
class UploadStore {
 public:
  explicit UploadStore(std::filesystem::path folder);

  // A new upload under `id` (a fresh random one unless given: the caller may need it first, to
  // count the upload against the limits).
  Result<Upload> create(std::uint64_t length, std::string fileName, std::string caseNumber,
                        std::string username, std::string id = newUploadId());
  // The person's own upload by id; nothing for someone else's or an unknown one.
  std::optional<Upload> find(std::string_view id, std::string_view username) const;
  // Appends bytes at `offset`, which must be where the upload stands (409 otherwise, or when
  // another request is writing it); the last byte stores the content as a blob.
  Result<Upload> append(std::string_view id, std::string_view username, std::uint64_t offset,
                        std::string_view bytes, blobs::BlobStore& blobs);
  bool remove(std::string_view id, std::string_view username);
  // Removes uploads begun longer ago than maxAge: abandoned ones, and finished ones no document
  // took.
  int sweep(std::chrono::seconds maxAge);
  // The blobs of finished uploads still kept, which the blob store's sweep must leave.
  std::set<std::string> blobsKept() const;

 private:
  std::optional<Upload> load(std::string_view id) const;
  Status save(const Upload& upload) const;
  std::filesystem::path folder_;
};

}  // namespace dossier::documents
