#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "core/result.hpp"

namespace dossier::blobs {

// A stored file's identity: the SHA-256 of its content, in hex. Identical content is stored once.
struct BlobId {
  std::string sha256;
  std::uint64_t size = 0;
};

// File content on disk, one file per SHA-256 under <folder>/<2 hex>/<62 hex>. Content is written
// to a temporary file in the store, fsynced and renamed into place (and the folder fsynced) before
// its id is handed back, so that nothing can refer to a blob that is not whole on disk. Paths are
// made from the hash alone, never from anything a person sent.
class BlobStore {
 public:
  explicit BlobStore(std::filesystem::path folder);

  const std::filesystem::path& folder() const { return folder_; }

  // Content arriving in pieces (an upload's chunks): written as it comes, hashed on the way.
  class Writer {
   public:
    ~Writer();
    Writer(const Writer&) = delete;
    Writer& operator=(const Writer&) = delete;
    Status append(std::string_view bytes);
    std::uint64_t size() const { return size_; }
    // Makes the content a blob; the temporary file is gone either way.
    Result<BlobId> commit();

   private:
    friend class BlobStore;
    Writer(BlobStore& store, std::filesystem::path temporary, int descriptor);
    struct Hashing;
    BlobStore& store_;
    std::filesystem::path temporary_;
    int descriptor_ = -1;
    std::uint64_t size_ = 0;
    std::unique_ptr<Hashing> hashing_;
  };

  Result<std::unique_ptr<Writer>> begin();
  Result<BlobId> put(std::string_view content);
  // Takes a whole file already written and fsynced on the same file system (a finished upload),
  // whose SHA-256 the caller computed on the way: renamed into place, never copied. The file is
  // gone either way.
  Result<BlobId> adopt(const std::filesystem::path& file, const std::string& sha256,
                       std::uint64_t size);

  bool contains(const std::string& sha256) const;
  // Where a blob lives, for reading or sending; nullopt for an id that is not a SHA-256 or not
  // stored.
  std::optional<std::filesystem::path> pathOf(const std::string& sha256) const;
  Result<std::string> read(const std::string& sha256) const;

  // Removes every blob older than `staleAfter` that the predicate says nothing refers to (a younger
  // one may belong to a save still writing its reference), and temporary files older than that
  // (an upload or a write cut short). Returns how many files went.
  int sweep(const std::function<bool(const std::string& sha256)>& referenced,
            std::chrono::seconds staleAfter);

 private:
  std::filesystem::path finalPath(const std::string& sha256) const;
  std::filesystem::path folder_;
};

bool isSha256Hex(std::string_view text);

}  // namespace dossier::blobs
