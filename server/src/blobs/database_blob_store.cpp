#include "blobs/database_blob_store.hpp"

#include <algorithm>
#include <cstring>
#include <vector>

#include "blobs/errors.hpp"
#include "blobs/stored_chunks.hpp"
#include "core/clock.hpp"
#include "core/crypto.hpp"
#include "db/pool.hpp"

namespace dossier::blobs {

namespace {

Error notStored() {
  return Error::of(errors::kNotFound, "The file's content is not stored.");
}

}  // namespace

class DatabaseBlobStore::DatabaseWriter final : public BlobStore::Writer {
 public:
  DatabaseWriter(db::Pool& pool, std::int64_t id) : pool_(pool), id_(id) {
    buffer_.reserve(chunks::kChunkSize);
  }

  ~DatabaseWriter() override {
    if (!done_) {
      try {
        auto db = pool_.acquire();
        chunks::drop(*db, id_);
      } catch (const std::exception&) {
        // The sweep removes it once it is old.
      }
    }
  }

  Status append(std::string_view bytes) override {
    if (done_) {
      return Error::of(errors::kClosed, "append after commit");
    }
    sha_.update(bytes);
    size_ += bytes.size();
    try {
      // Whole chunks go as they fill; the rest waits for more.
      while (!bytes.empty()) {
        const auto room = chunks::kChunkSize - buffer_.size();
        if (buffer_.empty() && bytes.size() >= chunks::kChunkSize) {
          flush(bytes.substr(0, chunks::kChunkSize));
          bytes.remove_prefix(chunks::kChunkSize);
          continue;
        }
        const auto taken = std::min(room, bytes.size());
        buffer_.append(bytes.substr(0, taken));
        bytes.remove_prefix(taken);
        if (buffer_.size() == chunks::kChunkSize) {
          flush(buffer_);
          buffer_.clear();
        }
      }
    } catch (const std::exception& e) {
      return Error::of(errors::kWriteFailed, std::string("storing a chunk: ") + e.what());
    }
    return {};
  }

  std::uint64_t size() const override { return size_; }

  Result<BlobId> commit() override {
    if (done_) {
      return Error::of(errors::kClosed, "commit twice");
    }
    BlobId id{sha_.hexDigest(), size_};
    try {
      if (!buffer_.empty()) {
        flush(buffer_);
        buffer_.clear();
      }
      auto db = pool_.acquire();
      // One statement, a transaction of its own: not db::Transaction, whose turn would wait for
      // a caller that stores content inside its own write transaction (a seed's batch).
      if (!chunks::makeWhole(*db, id_, id.sha256, id.size, Clock::now())) {
        chunks::drop(*db, id_);
      }
      done_ = true;
    } catch (const std::exception& e) {
      return Error::of(errors::kWriteFailed, std::string("storing a file: ") + e.what());
    }
    return id;
  }

 private:
  void flush(std::string_view chunk) {
    auto db = pool_.acquire();
    chunks::write(*db, id_, written_, chunk);
    written_ += chunk.size();
  }

  db::Pool& pool_;
  std::int64_t id_;
  std::string buffer_;
  std::uint64_t size_ = 0;
  std::uint64_t written_ = 0;
  bool done_ = false;
  Sha256Stream sha_;
};

class DatabaseBlobStore::DatabaseReader final : public BlobStore::Reader {
 public:
  DatabaseReader(db::Pool& pool, std::int64_t id, std::uint64_t size)
      : pool_(pool), id_(id), size_(size) {}

  std::uint64_t size() const override { return size_; }

  Result<std::size_t> read(std::uint64_t offset, std::span<char> buffer) override {
    std::size_t filled = 0;
    try {
      while (filled < buffer.size() && offset + filled < size_) {
        const auto at = offset + filled;
        if (at < chunk_.start || at >= chunk_.start + chunk_.bytes.size()) {
          auto db = pool_.acquire();
          chunk_ = chunks::chunkAt(*db, id_, at);
          if (chunk_.bytes.empty()) {
            break;  // shorter than it said (swept meanwhile): what there is
          }
        }
        const auto from = static_cast<std::size_t>(at - chunk_.start);
        const auto count = std::min(buffer.size() - filled, chunk_.bytes.size() - from);
        std::memcpy(buffer.data() + filled, chunk_.bytes.data() + from, count);
        filled += count;
      }
    } catch (const std::exception& e) {
      return Error::of(errors::kReadFailed, std::string("reading a stored file: ") + e.what());
    }
    return filled;
  }

 private:
  db::Pool& pool_;
  std::int64_t id_;
  std::uint64_t size_;
  chunks::Chunk chunk_;
};

DatabaseBlobStore::DatabaseBlobStore(db::Pool& pool) : pool_(pool) {}

Result<std::unique_ptr<BlobStore::Writer>> DatabaseBlobStore::begin() {
  try {
    auto db = pool_.acquire();
    const auto id = chunks::start(*db, false, Clock::now());
    return std::unique_ptr<Writer>(std::make_unique<DatabaseWriter>(pool_, id));
  } catch (const std::exception& e) {
    return Error::of(errors::kWriteFailed, std::string("starting a stored file: ") + e.what());
  }
}

bool DatabaseBlobStore::contains(const std::string& sha256) const {
  if (!isSha256Hex(sha256)) {
    return false;
  }
  auto db = pool_.acquire();
  return db->query("SELECT 1 FROM stored_blobs WHERE sha256 = ?1 AND whole = 1", sha256).step();
}

Result<std::unique_ptr<BlobStore::Reader>> DatabaseBlobStore::open(
    const std::string& sha256) const {
  if (!isSha256Hex(sha256)) {
    return notStored();
  }
  try {
    auto db = pool_.acquire();
    auto row =
        db->query("SELECT id, size FROM stored_blobs WHERE sha256 = ?1 AND whole = 1", sha256);
    if (!row.step()) {
      return notStored();
    }
    return std::unique_ptr<Reader>(std::make_unique<DatabaseReader>(
        pool_, row.integer(0), static_cast<std::uint64_t>(row.integer(1))));
  } catch (const std::exception& e) {
    return Error::of(errors::kReadFailed, std::string("opening a stored file: ") + e.what());
  }
}

int DatabaseBlobStore::sweep(const std::function<bool(const std::string& sha256)>& referenced,
                             std::chrono::seconds staleAfter) {
  struct Candidate {
    std::int64_t id;
    std::string sha256;
    bool whole;
  };
  const auto before = Clock::now() - staleAfter;
  std::vector<Candidate> candidates;
  {
    auto db = pool_.acquire();
    auto rows = db->query(
        "SELECT id, sha256, whole FROM stored_blobs WHERE held = 0 AND created_at < ?1 ORDER BY "
        "id",
        before);
    while (rows.step()) {
      candidates.push_back({rows.integer(0), rows.optionalText(1).value_or(""), rows.boolean(2)});
    }
  }
  int removed = 0;
  for (const auto& candidate : candidates) {
    // Asked with no connection of ours held: the caller's question borrows its own.
    if (candidate.whole && referenced(candidate.sha256)) {
      continue;
    }
    auto db = pool_.acquire();
    // Its age is asked again: the same content stored meanwhile started it afresh.
    removed +=
        db->execute("DELETE FROM stored_blobs WHERE id = ?1 AND held = 0 AND created_at < ?2",
                    candidate.id, before);
  }
  return removed;
}

}  // namespace dossier::blobs
