#include "uploads/file_upload_store.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <memory>
#include <sstream>
#include <sys/file.h>
#include <unistd.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "blobs/blob_store.hpp"
#include "core/crypto.hpp"
#include "core/file_descriptor.hpp"
#include "uploads/direct_write.hpp"
#include "uploads/errors.hpp"
#include "uploads/hash_beside.hpp"
#include "uploads/write_behind.hpp"

namespace dossier::uploads {

namespace fs = std::filesystem;
namespace json = boost::json;

namespace {

Error writeFailed(const std::string& what) {
  return Error::of(errors::kWriteFailed, what + ": " + std::strerror(errno));
}

Error noSuchUpload() {
  return Error::of(errors::kNotFound, "There is no such upload.");
}

}  // namespace

FileUploadStore::FileUploadStore(fs::path folder, blobs::BlobStore& blobs)
    : folder_(std::move(folder)), blobs_(blobs) {}

Status FileUploadStore::save(const Upload& upload) const {
  const auto folder = folder_ / upload.id;
  const json::object info{{"length", upload.length},
                          {"fileName", upload.fileName},
                          {"caseNumber", upload.caseNumber},
                          {"username", upload.username},
                          {"blob", upload.blob}};
  const auto temporary = folder / "info.next";
  {
    std::ofstream out(temporary, std::ios::trunc);
    out << json::serialize(info);
    if (!out) {
      return writeFailed("writing " + temporary.string());
    }
  }
  std::error_code error;
  fs::rename(temporary, folder / "info", error);
  if (error) {
    return Error::of(errors::kWriteFailed, error.message());
  }
  return {};
}

std::optional<Upload> FileUploadStore::load(std::string_view id) const {
  if (!isUploadId(id)) {
    return std::nullopt;
  }
  const auto folder = folder_ / std::string(id);
  std::ifstream in(folder / "info");
  if (!in) {
    return std::nullopt;
  }
  std::stringstream text;
  text << in.rdbuf();
  boost::system::error_code parseError;
  const auto parsed = json::parse(text.str(), parseError);
  if (parseError || !parsed.is_object()) {
    return std::nullopt;
  }
  const auto& info = parsed.as_object();
  Upload upload;
  upload.id = std::string(id);
  upload.length = info.at("length").to_number<std::uint64_t>();
  upload.fileName = std::string(info.at("fileName").as_string());
  upload.caseNumber = std::string(info.at("caseNumber").as_string());
  upload.username = std::string(info.at("username").as_string());
  upload.blob = std::string(info.at("blob").as_string());
  std::error_code error;
  const auto size = fs::file_size(folder / "data", error);
  upload.offset = !upload.blob.empty() ? upload.length : (error ? 0 : size);
  return upload;
}

Result<Upload> FileUploadStore::create(std::string id, std::uint64_t length, std::string fileName,
                                       std::string caseNumber, std::string username) {
  if (!isUploadId(id)) {
    return Error::of(errors::kBadId, "not an upload id: " + id);
  }
  Upload upload{std::move(id),       length, 0, std::move(fileName), std::move(caseNumber),
                std::move(username), {}};
  std::error_code error;
  fs::create_directories(folder_ / upload.id, error);
  if (error) {
    return Error::of(errors::kWriteFailed, error.message());
  }
  std::ofstream(folder_ / upload.id / "data", std::ios::trunc);
  if (auto saved = save(upload); !saved) {
    return std::move(saved).error();
  }
  return upload;
}

std::optional<Upload> FileUploadStore::find(std::string_view id, std::string_view username) const {
  // Where it stands is its file's size once the piece being written is in it; a failed writing
  // is told to the next piece.
  (void)writing_.settle(id);
  auto upload = load(id);
  if (!upload || upload->username != username) {
    return std::nullopt;
  }
  return upload;
}

namespace {

// Writes `bytes` at `offset` of the upload's file `data`, open for appending as `file`: past the
// page cache where the piece is aligned (direct_write.hpp), the rest through it, which the disk
// starts writing at once.
Status writePiece(int file, const fs::path& data, std::uint64_t offset, std::string_view bytes) {
  const auto rest = bytes.substr(writeDirectly(data, offset, bytes));
  const auto buffered = rest.size();
  if (!writeAll(file, rest)) {
    return writeFailed("writing " + data.string());
  }
  if (buffered > 0) {
    ::sync_file_range(file, static_cast<off_t>(offset + bytes.size() - buffered),
                      static_cast<off_t>(buffered), SYNC_FILE_RANGE_WRITE);
  }
  return {};
}

// Writes a piece as writePiece does while its bytes go on the hashing, when there is one.
Status writeHashed(int file, const fs::path& data, std::uint64_t offset, std::string_view bytes,
                   Sha256Stream* sha) {
  return hashedBeside(sha, bytes, [&] { return writePiece(file, data, offset, bytes); });
}

}  // namespace

Result<Upload> FileUploadStore::append(std::string_view id, std::string_view username,
                                       std::uint64_t offset, std::string bytes) {
  // The piece before, if it is still being written: the file must be whole before it is looked at.
  if (auto before = writing_.settle(id); !before) {
    return Error::of(errors::kWriteFailed, "The piece before this one could not be written (" +
                                               before.error().message +
                                               "): ask where the upload stands and resume.");
  }
  auto upload = find(id, username);
  if (!upload) {
    return noSuchUpload();
  }
  const auto data = folder_ / upload->id / "data";
  auto file =
      std::make_shared<FileDescriptor>(::open(data.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC));
  if (file->value < 0) {
    return noSuchUpload();
  }
  // One writer at a time: a second request for the same upload is told to resume instead.
  if (::flock(file->value, LOCK_EX | LOCK_NB) != 0) {
    return Error::of(errors::kBusy, "This upload is being written by another request.");
  }
  upload = find(id, username);  // as it stands now that it is held
  if (!upload || !upload->blob.empty() || upload->offset != offset) {
    return Error::of(errors::kOffset, "The upload stands at " +
                                          std::to_string(upload ? upload->offset : 0) +
                                          " bytes: resume from there.");
  }
  if (bytes.size() > upload->length - upload->offset) {
    return Error::of(errors::kTooLong, "More was sent than the upload announced.");
  }
  // The hashing goes on where the last piece left it, so that the last byte needs no second
  // reading of the whole file.
  const auto hashFile = folder_ / upload->id / "hash";
  auto sha = std::make_shared<Sha256Stream>();
  bool hashing = upload->offset == 0;
  if (!hashing) {
    // The saved hashing names the offset it reached: one left behind by a crash between a
    // piece's bytes and its hashing, or by a piece whose writing failed, does not count.
    std::ifstream in(hashFile, std::ios::binary);
    std::stringstream saved;
    saved << in.rdbuf();
    const auto text = saved.str();
    const auto prefix = std::to_string(upload->offset) + ":";
    hashing =
        text.starts_with(prefix) && sha->restore(std::string_view(text).substr(prefix.size()));
  }
  const auto reached = upload->offset + bytes.size();
  if (reached < upload->length) {
    // A piece before the last is answered at once, and written and hashed while the next one
    // crosses the network (write_behind.hpp); the lock on the file stays with the writing, and the
    // hashing is saved once the piece is written. The offset an upload stands at is the size of
    // its file, which after a crash is what reached the disk (the file system writes a file's
    // data before its new size), so a client that asks where to resume is told the truth.
    auto piece = std::make_shared<const std::string>(std::move(bytes));
    writing_.start(upload->id, [file, data, at = upload->offset, piece, sha, hashing, hashFile,
                                reached]() mutable {
      auto written = writeHashed(file->value, data, at, *piece, hashing ? sha.get() : nullptr);
      if (written && hashing) {
        std::ofstream(hashFile, std::ios::binary | std::ios::trunc)
            << std::to_string(reached) << ':' << sha->saved();
      }
      file.reset();  // lets the lock go, the hashing saved: not only once the writing is settled
      return written;
    });
    upload->offset = reached;
    return std::move(*upload);
  }
  // The last piece is written and hashed side by side, then the whole file waits for the disk.
  auto written =
      writeHashed(file->value, data, upload->offset, bytes, hashing ? sha.get() : nullptr);
  if (!written) {
    return std::move(written).error();
  }
  upload->offset = reached;
  if (::fdatasync(file->value) != 0) {
    return writeFailed("syncing " + data.string());
  }
  // The file becomes a blob (by renaming, for a blob store on this disk), hashed again only when
  // the hashing could not go on from a piece before (a different build, a failed writing).
  std::string digest;
  if (hashing) {
    digest = sha->hexDigest();
  } else {
    Sha256Stream whole;
    std::ifstream in(data, std::ios::binary);
    std::string chunk(1 << 20, '\0');
    while (in) {
      in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
      whole.update(std::string_view(chunk.data(), static_cast<std::size_t>(in.gcount())));
    }
    digest = whole.hexDigest();
  }
  auto blob = blobs_.adopt(data, digest, upload->length);
  if (!blob) {
    return std::move(blob).error();
  }
  upload->blob = blob->sha256;
  if (auto saved = save(*upload); !saved) {
    return std::move(saved).error();
  }
  std::error_code ignored;
  fs::remove(hashFile, ignored);
  return std::move(*upload);
}

bool FileUploadStore::remove(std::string_view id, std::string_view username) {
  if (!find(id, username)) {
    return false;
  }
  std::error_code error;
  fs::remove_all(folder_ / std::string(id), error);
  return !error;
}

int FileUploadStore::sweep(std::chrono::seconds maxAge) {
  int removed = 0;
  std::error_code error;
  if (!fs::is_directory(folder_, error)) {
    return 0;
  }
  const auto now = fs::file_time_type::clock::now();
  for (const auto& entry : fs::directory_iterator(folder_, error)) {
    const auto info = entry.path() / "info";
    const auto written = fs::last_write_time(fs::exists(info, error) ? info : entry.path(), error);
    if (!error && isUploadId(entry.path().filename().string()) && now - written > maxAge) {
      fs::remove_all(entry.path(), error);
      removed += error ? 0 : 1;
    }
  }
  return removed;
}

std::set<std::string> FileUploadStore::blobsKept() const {
  std::set<std::string> kept;
  std::error_code error;
  if (!fs::is_directory(folder_, error)) {
    return kept;
  }
  for (const auto& entry : fs::directory_iterator(folder_, error)) {
    if (const auto upload = load(entry.path().filename().string());
        upload && !upload->blob.empty()) {
      kept.insert(upload->blob);
    }
  }
  return kept;
}

}  // namespace dossier::uploads
