#pragma once

#include "blobs/blob_store.hpp"

namespace dossier::db {
class Pool;
}

namespace dossier::blobs {

// Blobs in the environment's database, in chunks of about 1 MiB (stored_chunks.hpp), for an
// environment whose database several processes share (PostgreSQL): a blob written by one is read
// by all, and the database's backup and standby hold the documents too. A writer's chunks are
// written as they come, each in a short statement of its own; its commit makes the blob whole and
// visible in one statement, or finds the content stored already and drops its own chunks. A
// writer that goes without commit drops what it wrote; what a killed process left is swept once
// older than the grace period. A blob's age is its row's created_at. A connection is borrowed per
// statement, never held between a caller's calls.
class DatabaseBlobStore final : public BlobStore {
 public:
  // `pool` outlives the store.
  explicit DatabaseBlobStore(db::Pool& pool);

  Result<std::unique_ptr<Writer>> begin() override;
  bool contains(const std::string& sha256) const override;
  // Its reader keeps the chunk it read last, so that a download reading in small pieces asks the
  // database once a chunk.
  Result<std::unique_ptr<Reader>> open(const std::string& sha256) const override;
  int sweep(const std::function<bool(const std::string& sha256)>& referenced,
            std::chrono::seconds staleAfter) override;

  db::Pool& pool() const { return pool_; }

 private:
  class DatabaseWriter;
  class DatabaseReader;
  db::Pool& pool_;
};

}  // namespace dossier::blobs
