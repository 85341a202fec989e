#pragma once

#include <filesystem>

#include "blobs/blob_store.hpp"

namespace dossier::blobs {

// Blobs as files on this machine's disk, one per SHA-256 under <folder>/<2 hex>/<62 hex>. Content
// is written to a temporary file in the store, fsynced and renamed into place (and the folder
// fsynced) before its id is handed back, so that nothing can refer to a blob that is not whole on
// disk. Paths are made from the hash alone, never from anything a person sent. A blob's age is its
// file's modification time.
class FileBlobStore final : public BlobStore {
 public:
  explicit FileBlobStore(std::filesystem::path folder);

  const std::filesystem::path& folder() const { return folder_; }

  Result<std::unique_ptr<Writer>> begin() override;
  // Renamed into place, never copied (copied only when the file is on another file system).
  Result<BlobId> adopt(const std::filesystem::path& file, const std::string& sha256,
                       std::uint64_t size) override;
  bool adoptsByRenaming() const override { return true; }
  bool contains(const std::string& sha256) const override;
  // Its reader names the blob's own file, so that a download is sent from it without a copy.
  Result<std::unique_ptr<Reader>> open(const std::string& sha256) const override;
  // Also removes the temporary files of writes cut short (a killed process) once they are as old.
  int sweep(const std::function<bool(const std::string& sha256)>& referenced,
            std::chrono::seconds staleAfter) override;

  // Where a blob's file is; nullopt for an id that is not a SHA-256 or not stored.
  std::optional<std::filesystem::path> pathOf(const std::string& sha256) const;

 private:
  class FileWriter;
  class FileReader;
  std::filesystem::path finalPath(const std::string& sha256) const;
  // Moves a whole, synced file to a blob's place, durably.
  Status place(const std::filesystem::path& file, const std::filesystem::path& target);
  std::filesystem::path folder_;
};

}  // namespace dossier::blobs
