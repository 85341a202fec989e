#pragma once

#include <chrono>

#include "uploads/upload_store.hpp"

namespace dossier::db {
class Pool;
}

namespace dossier::uploads {

// Uploads in the environment's database (stored_uploads), for an environment whose database
// several processes share, so that the pieces of one upload may reach different processes. A
// piece is written straight into the chunks of a blob being written that the upload holds
// (blobs/stored_chunks.hpp), each chunk in a short statement of its own; the last byte makes that
// blob whole, with no second copy. The offset moves only by compare-and-set (UPDATE … WHERE id
// and offset are what the request found), with the hashing so far, so that two requests — in two
// processes — writing one upload cannot both succeed; one request at a time holds the upload
// while it writes (uploads.busy for another), and a hold left by a process that died lapses after
// kHoldLapse. An upload's age is its row's created_at.
class DatabaseUploadStore final : public UploadStore {
 public:
  // A request holding an upload longer than this is taken to have died with its process.
  static constexpr std::chrono::minutes kHoldLapse{5};

  // `pool` outlives the store; finished uploads' blobs are kept where the database blob store
  // over the same database finds them.
  explicit DatabaseUploadStore(db::Pool& pool);

  Result<Upload> create(std::string id, std::uint64_t length, std::string fileName,
                        std::string caseNumber, std::string username) override;
  std::optional<Upload> find(std::string_view id, std::string_view username) const override;
  Result<Upload> append(std::string_view id, std::string_view username, std::uint64_t offset,
                        std::string bytes) override;
  bool remove(std::string_view id, std::string_view username) override;
  int sweep(std::chrono::seconds maxAge) override;
  std::set<std::string> blobsKept() const override;
  // Its bytes go to the database, whose disk this machine cannot see.
  std::optional<std::filesystem::path> localFolder() const override { return std::nullopt; }

 private:
  db::Pool& pool_;
};

}  // namespace dossier::uploads
