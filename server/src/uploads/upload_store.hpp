#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "core/result.hpp"

namespace dossier::uploads {

// An upload in progress, or finished and waiting for the document it becomes.
struct Upload {
  std::string id;
  std::uint64_t length = 0;  // the whole file, announced when the upload was created
  std::uint64_t offset = 0;  // how much has arrived and is kept
  std::string fileName;
  std::string caseNumber;
  std::string username;  // only the person who began it may see or continue it
  std::string blob;      // the SHA-256 of the content once the last byte has arrived
};

// A random upload id: 32 lower-case hex digits.
std::string newUploadId();
bool isUploadId(std::string_view id);

// Uploads that may be cut off and resumed (the tus protocol's state): one store per environment
// (environments/environment.hpp), beside its blob store, into which an upload's last byte moves
// its content. Files on this machine's disk today (file_upload_store.hpp); shaped so that a store
// shared by several processes (PostgreSQL) fits without its callers changing, so that the pieces
// of one upload may reach different processes.
//
// Every store keeps these promises (tests/uploads/upload_store_contract.hpp checks them):
// - an upload is seen and continued only by the person who began it, and only by an id it gave;
// - where it says an upload stands (find) is what it keeps: a client resuming after a cut is told
//   the truth, and a piece for another offset, or one written by another request meanwhile, is
//   refused; a piece's own answer may run ahead of a writing still under way, whose failure the
//   next piece is told (write_behind.hpp);
// - the last byte makes the whole content a blob, and the upload names it;
// - the sweep removes uploads begun longer ago than its limit, and only those.
class UploadStore {
 public:
  virtual ~UploadStore() = default;

  // A new upload under `id` (from newUploadId: the caller may need it first, to count the upload
  // against the limits).
  virtual Result<Upload> create(std::string id, std::uint64_t length, std::string fileName,
                                std::string caseNumber, std::string username) = 0;
  // The person's own upload by id; nothing for someone else's or an unknown one.
  virtual std::optional<Upload> find(std::string_view id, std::string_view username) const = 0;
  // Appends bytes at `offset`, which must be where the upload stands (uploads.offset otherwise,
  // uploads.busy while another request is writing it); the last byte stores the content as a blob.
  // The bytes are the store's: it may go on writing them after it has answered.
  virtual Result<Upload> append(std::string_view id, std::string_view username,
                                std::uint64_t offset, std::string bytes) = 0;
  virtual bool remove(std::string_view id, std::string_view username) = 0;
  // Removes uploads begun longer ago than maxAge: abandoned ones, and finished ones no document
  // took. Returns how many went.
  virtual int sweep(std::chrono::seconds maxAge) = 0;
  // The blobs of finished uploads still kept, which the blob store's sweep must leave.
  virtual std::set<std::string> blobsKept() const = 0;
  // The folder on this machine's disk where unfinished uploads' bytes land, whose free space is
  // checked before more are taken (documents/upload_quota); none for a store that keeps them
  // elsewhere.
  virtual std::optional<std::filesystem::path> localFolder() const = 0;
};

}  // namespace dossier::uploads
