#pragma once

#include <filesystem>

#include "uploads/upload_store.hpp"
#include "uploads/write_behind.hpp"

namespace dossier::blobs {
class BlobStore;
}

namespace dossier::uploads {

// Uploads as folders on this machine's disk, one each under <folder>/<id>/: what was announced
// (info), and the bytes received so far (data). The offset is the size of the data file, which
// after a crash is what reached the disk, so that a client resuming after a cut gets an offset it
// can trust; the disk writes a piece while the next one is sent (write_behind.hpp). One request
// writes an upload at a time (a lock on its data file). The last byte waits for the whole file to
// be on the disk, then hands it to the blob store (a rename, when that store is on the same disk).
// Upload ids are random; a path is never made from anything else a client sent. An upload's age is
// its info file's modification time.
class FileUploadStore final : public UploadStore {
 public:
  // `blobs` takes in finished uploads; it outlives this store.
  FileUploadStore(std::filesystem::path folder, blobs::BlobStore& blobs);

  Result<Upload> create(std::string id, std::uint64_t length, std::string fileName,
                        std::string caseNumber, std::string username) override;
  std::optional<Upload> find(std::string_view id, std::string_view username) const override;
  Result<Upload> append(std::string_view id, std::string_view username, std::uint64_t offset,
                        std::string bytes) override;
  bool remove(std::string_view id, std::string_view username) override;
  int sweep(std::chrono::seconds maxAge) override;
  std::set<std::string> blobsKept() const override;
  std::optional<std::filesystem::path> localFolder() const override { return folder_; }

 private:
  std::optional<Upload> load(std::string_view id) const;
  Status save(const Upload& upload) const;
  std::filesystem::path folder_;
  blobs::BlobStore& blobs_;
  // Pieces still being written after they were answered; settled before an upload is looked at.
  mutable WriteBehind writing_;
};

}  // namespace dossier::uploads
