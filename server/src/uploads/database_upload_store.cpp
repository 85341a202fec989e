#include "uploads/database_upload_store.hpp"

#include <vector>

#include "blobs/stored_chunks.hpp"
#include "core/clock.hpp"
#include "core/crypto.hpp"
#include "db/pool.hpp"
#include "uploads/errors.hpp"
#include "uploads/hash_beside.hpp"

namespace dossier::uploads {

namespace {

Error noSuchUpload() {
  return Error::of(errors::kNotFound, "There is no such upload.");
}

Error standsAt(std::uint64_t offset) {
  return Error::of(errors::kOffset,
                   "The upload stands at " + std::to_string(offset) + " bytes: resume from there.");
}

Error busy() {
  return Error::of(errors::kBusy, "This upload is being written by another request.");
}

// An upload's row, with what only this store needs.
struct Stored {
  Upload upload;
  std::optional<std::int64_t> content;  // the blob being written, until the last byte
  std::string hashing;                  // base64 of the hashing so far
};

constexpr const char* kColumns =
    "SELECT length, upload_offset, file_name, case_number, username, blob, content_id, hashing "
    "FROM stored_uploads WHERE id = ?1";

std::optional<Stored> load(db::Connection& db, std::string_view id) {
  if (!isUploadId(id)) {
    return std::nullopt;
  }
  auto row = db.query(kColumns, id);
  if (!row.step()) {
    return std::nullopt;
  }
  Stored stored;
  stored.upload.id = std::string(id);
  stored.upload.length = static_cast<std::uint64_t>(row.integer(0));
  stored.upload.offset = static_cast<std::uint64_t>(row.integer(1));
  stored.upload.fileName = row.text(2);
  stored.upload.caseNumber = row.text(3);
  stored.upload.username = row.text(4);
  stored.upload.blob = row.optionalText(5).value_or("");
  stored.content = row.optionalInteger(6);
  stored.hashing = row.text(7);
  return stored;
}

// The content's SHA-256 read back from its chunks, when the hashing so far could not be taken up
// (it was saved by another build).
std::string hashOfChunks(db::Connection& db, std::int64_t content, std::uint64_t length) {
  Sha256Stream sha;
  std::uint64_t at = 0;
  while (at < length) {
    const auto chunk = blobs::chunks::chunkAt(db, content, at);
    if (chunk.bytes.empty()) {
      break;
    }
    sha.update(std::string_view(chunk.bytes).substr(static_cast<std::size_t>(at - chunk.start)));
    at = chunk.start + chunk.bytes.size();
  }
  return sha.hexDigest();
}

}  // namespace

DatabaseUploadStore::DatabaseUploadStore(db::Pool& pool) : pool_(pool) {}

Result<Upload> DatabaseUploadStore::create(std::string id, std::uint64_t length,
                                           std::string fileName, std::string caseNumber,
                                           std::string username) {
  if (!isUploadId(id)) {
    return Error::of(errors::kBadId, "not an upload id: " + id);
  }
  Upload upload{std::move(id),       length, 0, std::move(fileName), std::move(caseNumber),
                std::move(username), {}};
  try {
    auto db = pool_.acquire();
    const auto now = Clock::now();
    // Two statements, no transaction: a blob row left alone by a process that died between them
    // goes with the sweep.
    const auto content = blobs::chunks::start(*db, true, now);
    db->execute(
        "INSERT INTO stored_uploads (id, length, upload_offset, file_name, case_number, username, "
        "content_id, hashing, created_at) VALUES (?1, ?2, 0, ?3, ?4, ?5, ?6, '', ?7)",
        upload.id, static_cast<std::int64_t>(length), upload.fileName, upload.caseNumber,
        upload.username, content, now);
  } catch (const std::exception& e) {
    return Error::of(errors::kWriteFailed, std::string("starting an upload: ") + e.what());
  }
  return upload;
}

std::optional<Upload> DatabaseUploadStore::find(std::string_view id,
                                                std::string_view username) const {
  auto db = pool_.acquire();
  auto stored = load(*db, id);
  if (!stored || stored->upload.username != username) {
    return std::nullopt;
  }
  return std::move(stored->upload);
}

Result<Upload> DatabaseUploadStore::append(std::string_view id, std::string_view username,
                                           std::uint64_t offset, std::string bytes) {
  std::optional<Stored> stored;
  {
    auto db = pool_.acquire();
    stored = load(*db, id);
  }
  if (!stored || stored->upload.username != username || !stored->content) {
    if (stored && stored->upload.username == username) {
      return standsAt(stored->upload.offset);  // finished: it takes nothing more
    }
    return noSuchUpload();
  }
  auto& upload = stored->upload;
  if (!upload.blob.empty() || upload.offset != offset) {
    return standsAt(upload.offset);
  }
  if (bytes.size() > upload.length - upload.offset) {
    return Error::of(errors::kTooLong, "More was sent than the upload announced.");
  }
  const auto content = *stored->content;
  const auto holder = randomHex(8);
  try {
    {
      // Held by this request while it writes, if nobody else holds it and it stands where the
      // request found it.
      auto db = pool_.acquire();
      const auto now = Clock::now();
      const bool held =
          db->execute(
              "UPDATE stored_uploads SET writer = ?1, writing_since = ?2 WHERE id = ?3 AND "
              "upload_offset = ?4 AND blob IS NULL AND (writer IS NULL OR writing_since < ?5)",
              holder, now, upload.id, static_cast<std::int64_t>(offset), now - kHoldLapse) == 1;
      if (!held) {
        const auto current = load(*db, id);
        return current && current->upload.offset == offset && current->upload.blob.empty()
                   ? busy()
                   : standsAt(current ? current->upload.offset : 0);
      }
      // What a request that died while holding it had written past the offset.
      blobs::chunks::cutAt(*db, content, offset);
    }
    Sha256Stream sha;
    bool hashing = offset == 0;
    if (!hashing) {
      const auto saved = base64Decode(stored->hashing);
      hashing = saved && sha.restore(*saved);
    }
    try {
      hashedBeside(hashing ? &sha : nullptr, bytes,
                   [&] { blobs::chunks::writeOverTwo(pool_, content, offset, bytes); });
    } catch (const std::exception&) {
      auto db = pool_.acquire();
      db->execute("UPDATE stored_uploads SET writer = NULL WHERE id = ?1 AND writer = ?2",
                  upload.id, holder);
      throw;
    }
    const auto reached = offset + bytes.size();
    if (reached < upload.length) {
      auto db = pool_.acquire();
      const bool moved =
          db->execute(
              "UPDATE stored_uploads SET upload_offset = ?1, hashing = ?2, writer = NULL WHERE id "
              "= ?3 AND upload_offset = ?4 AND writer = ?5",
              static_cast<std::int64_t>(reached), hashing ? base64Encode(sha.saved()) : "",
              upload.id, static_cast<std::int64_t>(offset), holder) == 1;
      if (!moved) {
        return busy();
      }
      upload.offset = reached;
      return std::move(upload);
    }
    // The last byte: the content becomes a blob, and the upload names it, in one short
    // transaction (no bytes move in it).
    auto db = pool_.acquire();
    const auto digest = hashing ? sha.hexDigest() : hashOfChunks(*db, content, upload.length);
    bool duplicate = false;
    {
      db::Transaction transaction(*db);
      const bool moved =
          db->execute(
              "UPDATE stored_uploads SET upload_offset = ?1, blob = ?2, content_id = NULL, "
              "hashing = '', writer = NULL WHERE id = ?3 AND upload_offset = ?4 AND writer = ?5",
              static_cast<std::int64_t>(reached), digest, upload.id,
              static_cast<std::int64_t>(offset), holder) == 1;
      if (!moved) {
        return busy();
      }
      duplicate = !blobs::chunks::makeWhole(*db, content, digest, upload.length, Clock::now());
      transaction.commit();
    }
    if (duplicate) {
      blobs::chunks::drop(*db, content);
    }
    upload.offset = reached;
    upload.blob = digest;
    return std::move(upload);
  } catch (const std::exception& e) {
    return Error::of(errors::kWriteFailed, std::string("storing a piece: ") + e.what());
  }
}

bool DatabaseUploadStore::remove(std::string_view id, std::string_view username) {
  auto db = pool_.acquire();
  const auto stored = load(*db, id);
  if (!stored || stored->upload.username != username) {
    return false;
  }
  const bool removed = db->execute("DELETE FROM stored_uploads WHERE id = ?1", id) == 1;
  if (stored->content) {
    blobs::chunks::drop(*db, *stored->content);
  }
  return removed;
}

int DatabaseUploadStore::sweep(std::chrono::seconds maxAge) {
  const auto before = Clock::now() - maxAge;
  auto db = pool_.acquire();
  std::vector<std::pair<std::string, std::optional<std::int64_t>>> old;
  {
    auto rows =
        db->query("SELECT id, content_id FROM stored_uploads WHERE created_at < ?1", before);
    while (rows.step()) {
      old.emplace_back(rows.text(0), rows.optionalInteger(1));
    }
  }
  int removed = 0;
  for (const auto& [id, content] : old) {
    removed += db->execute("DELETE FROM stored_uploads WHERE id = ?1", id);
    if (content) {
      blobs::chunks::drop(*db, *content);
    }
  }
  // Blobs begun for uploads whose rows were never written (a process that died in between).
  db->execute(
      "DELETE FROM stored_blobs WHERE held = 1 AND whole = 0 AND created_at < ?1 AND NOT EXISTS "
      "(SELECT 1 FROM stored_uploads WHERE stored_uploads.content_id = stored_blobs.id)",
      before);
  return removed;
}

std::set<std::string> DatabaseUploadStore::blobsKept() const {
  std::set<std::string> kept;
  auto db = pool_.acquire();
  auto rows = db->query("SELECT blob FROM stored_uploads WHERE blob IS NOT NULL");
  while (rows.step()) {
    kept.insert(rows.text(0));
  }
  return kept;
}

}  // namespace dossier::uploads
