#include "datamove/blob_copy.hpp"

#include <vector>

#include "blobs/blob_store.hpp"
#include "core/crypto.hpp"
#include "db/connection.hpp"

namespace dossier::datamove {

namespace {

constexpr std::size_t kChunk = 1024 * 1024;

// Reads a blob through, handing each piece on; the error's message when it cannot.
std::optional<std::string> readThrough(const blobs::BlobStore& store, const std::string& sha256,
                                       const std::function<Status(std::string_view)>& piece) {
  auto reader = store.open(sha256);
  if (!reader) {
    return reader.error().message;
  }
  std::vector<char> buffer(kChunk);
  for (std::uint64_t offset = 0;;) {
    auto read = reader.value()->read(offset, buffer);
    if (!read) {
      return read.error().message;
    }
    if (read.value() == 0) {
      return std::nullopt;
    }
    if (auto handed = piece(std::string_view(buffer.data(), read.value())); !handed) {
      return handed.error().message;
    }
    offset += read.value();
  }
}

}  // namespace

std::vector<ReferencedBlob> referencedBlobs(db::Connection& source) {
  std::vector<ReferencedBlob> blobs;
  auto rows = source.query(
      "SELECT blob, MAX(file_size) FROM document_versions GROUP BY blob ORDER BY blob");
  while (rows.step()) {
    blobs.push_back({rows.text(0), static_cast<std::uint64_t>(rows.integer(1))});
  }
  return blobs;
}

BlobCopy copyBlobs(const std::vector<ReferencedBlob>& blobs, const blobs::BlobStore& source,
                   blobs::BlobStore& target, const std::function<void(std::int64_t)>& progress) {
  BlobCopy copy;
  std::int64_t done = 0;
  for (const auto& blob : blobs) {
    if (target.contains(blob.sha256)) {
      ++copy.alreadyThere;
    } else {
      auto writer = target.begin();
      if (!writer) {
        copy.problems.push_back("blob " + blob.sha256 + ": " + writer.error().message);
        continue;
      }
      auto* into = writer.value().get();
      if (auto failed = readThrough(source, blob.sha256,
                                    [&](std::string_view bytes) { return into->append(bytes); })) {
        copy.problems.push_back("blob " + blob.sha256 +
                                ", named by a document version, cannot be copied from the source "
                                "store: " +
                                *failed);
        continue;
      }
      const auto size = into->size();
      auto stored = into->commit();
      if (!stored) {
        copy.problems.push_back("blob " + blob.sha256 + ": " + stored.error().message);
        continue;
      }
      if (stored->sha256 != blob.sha256) {
        copy.problems.push_back("blob " + blob.sha256 +
                                " in the source store holds content whose "
                                "SHA-256 is " +
                                stored->sha256);
        continue;
      }
      ++copy.written;
      copy.bytesWritten += size;
    }
    done += static_cast<std::int64_t>(blob.size);
    progress(done);
  }
  return copy;
}

std::vector<std::string> checkBlobs(const std::vector<ReferencedBlob>& blobs,
                                    const blobs::BlobStore& store,
                                    const std::function<void(std::int64_t)>& progress) {
  std::vector<std::string> problems;
  std::int64_t done = 0;
  for (const auto& blob : blobs) {
    Sha256Stream hash;
    if (auto failed = readThrough(store, blob.sha256, [&](std::string_view bytes) {
          hash.update(bytes);
          done += static_cast<std::int64_t>(bytes.size());
          progress(done);
          return Status();
        })) {
      problems.push_back("blob " + blob.sha256 + " cannot be read from the target: " + *failed);
      continue;
    }
    if (const auto digest = hash.hexDigest(); digest != blob.sha256) {
      problems.push_back("blob " + blob.sha256 + " reads back from the target with SHA-256 " +
                         digest);
    }
  }
  return problems;
}

}  // namespace dossier::datamove
