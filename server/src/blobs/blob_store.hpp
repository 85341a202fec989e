#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "core/result.hpp"

namespace dossier::blobs {

// A stored file's identity: the SHA-256 of its content, in hex. Identical content is stored once.
struct BlobId {
  std::string sha256;
  std::uint64_t size = 0;
};

// A blob as a file on this machine's disk, for what needs a path: sending it with sendfile,
// handing it to the child process that reads a file's text. Either the store's own file, or a
// temporary copy that goes when this does (a store that keeps its blobs elsewhere).
class LocalFile {
 public:
  LocalFile(std::filesystem::path path, bool temporary);
  ~LocalFile();
  LocalFile(LocalFile&& other) noexcept;
  LocalFile& operator=(LocalFile&& other) noexcept;
  LocalFile(const LocalFile&) = delete;
  LocalFile& operator=(const LocalFile&) = delete;

  const std::filesystem::path& path() const { return path_; }
  // True when this is a copy made for the caller, removed when it goes.
  bool temporary() const { return temporary_; }

 private:
  std::filesystem::path path_;
  bool temporary_ = false;
};

// Where the content of documents is kept, addressed by its SHA-256: one store per environment
// (environments/environment.hpp). Files on this machine's disk today (file_blob_store.hpp); the
// interface is shaped so that a store in a shared database (PostgreSQL) fits without its callers
// changing: nothing here promises that a blob is a file. A caller that needs a path asks for a
// LocalFile, which such a store makes as a temporary copy.
//
// Every store keeps these promises, which tests/blobs/blob_store_contract.hpp checks of each:
// - a blob is visible (contains, open) only once it is whole and durable, and its id is handed
//   back only then; a write cut short leaves nothing anyone can refer to;
// - identical content is stored once;
// - ids that are not a SHA-256 in lower-case hex find nothing (nothing is ever made of them);
// - the sweep removes a blob only when nothing refers to it and it is older than the grace period
//   (a save may have stored its blob and not yet written its reference).
class BlobStore {
 public:
  virtual ~BlobStore() = default;

  // Content arriving in pieces (an upload's chunks, a generated file): written as it comes, hashed
  // on the way. A writer that goes without commit leaves nothing visible.
  class Writer {
   public:
    virtual ~Writer() = default;
    virtual Status append(std::string_view bytes) = 0;
    virtual std::uint64_t size() const = 0;
    // Makes the content a blob, once; nothing more can be appended.
    virtual Result<BlobId> commit() = 0;
  };

  // A stored blob, open for reading in ranges (a download's byte ranges).
  class Reader {
   public:
    virtual ~Reader() = default;
    virtual std::uint64_t size() const = 0;
    // Up to buffer.size() bytes from `offset`; 0 at the end.
    virtual Result<std::size_t> read(std::uint64_t offset, std::span<char> buffer) = 0;
    // The blob's own file on this machine's disk, when the store keeps it as one (so that it can
    // be sent without copying); none otherwise.
    virtual std::optional<std::filesystem::path> localPath() const { return std::nullopt; }
  };

  virtual Result<std::unique_ptr<Writer>> begin() = 0;
  // The whole content at once: begin, append, commit.
  Result<BlobId> put(std::string_view content);
  // Takes in a whole file already written and synced on this machine (a finished upload), whose
  // SHA-256 the caller computed on the way. The file is gone either way. This copies it through a
  // writer and checks its hash; a store on the same disk renames it instead.
  virtual Result<BlobId> adopt(const std::filesystem::path& file, const std::string& sha256,
                               std::uint64_t size);
  // Whether adopt() renames the file into the store (a store on this machine's disk) rather than
  // copying it: a caller with a large file made here may then hand it over whole.
  virtual bool adoptsByRenaming() const { return false; }

  virtual bool contains(const std::string& sha256) const = 0;
  // blobs.not_found for an id that is not stored (or is not a SHA-256).
  virtual Result<std::unique_ptr<Reader>> open(const std::string& sha256) const = 0;
  // The whole content, for small files (samples, tests).
  Result<std::string> read(const std::string& sha256) const;
  // The blob as a file on this machine: the store's own when it has one, otherwise a temporary
  // copy, in the system's temporary folder, removed when the LocalFile goes.
  Result<LocalFile> localFile(const std::string& sha256) const;
  // For a reader of only the first and last `edgeBytes` of a file (recognising its type): the
  // store's own file, or a temporary file of the blob's size holding those bytes, the rest a
  // hole, made in milliseconds where a whole copy of a large file takes seconds.
  Result<LocalFile> edgesFile(const std::string& sha256, std::uint64_t edgeBytes) const;

  // Removes every blob older than `staleAfter` that the predicate says nothing refers to, and what
  // writes cut short left behind once it is that old. Returns how many went.
  virtual int sweep(const std::function<bool(const std::string& sha256)>& referenced,
                    std::chrono::seconds staleAfter) = 0;
};

bool isSha256Hex(std::string_view text);

}  // namespace dossier::blobs
