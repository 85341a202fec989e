#include "blobs/blob_store.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

#include "blobs/errors.hpp"
#include "core/crypto.hpp"

namespace dossier::blobs {

namespace fs = std::filesystem;

namespace {

constexpr const char* kTemporaryPrefix = "incoming-";

Error storeError(const std::string& what) {
  // The reason goes to the log; the person is told their file could not be stored.
  return Error::of(errors::kWriteFailed, what + ": " + std::strerror(errno));
}

// A rename is durable once the folder that holds the name is on disk too.
bool syncFolder(const fs::path& folder) {
  const int descriptor = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (descriptor < 0) {
    return false;
  }
  const bool synced = ::fsync(descriptor) == 0;
  ::close(descriptor);
  return synced;
}

}  // namespace

bool isSha256Hex(std::string_view text) {
  if (text.size() != 64) {
    return false;
  }
  for (const char c : text) {
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
      return false;
    }
  }
  return true;
}

struct BlobStore::Writer::Hashing {
  Sha256Stream sha;
};

BlobStore::BlobStore(fs::path folder) : folder_(std::move(folder)) {}

fs::path BlobStore::finalPath(const std::string& sha256) const {
  return folder_ / sha256.substr(0, 2) / sha256.substr(2);
}

BlobStore::Writer::Writer(BlobStore& store, fs::path temporary, int descriptor)
    : store_(store),
      temporary_(std::move(temporary)),
      descriptor_(descriptor),
      hashing_(std::make_unique<Hashing>()) {}

BlobStore::Writer::~Writer() {
  if (descriptor_ >= 0) {
    ::close(descriptor_);
    std::error_code ignored;
    fs::remove(temporary_, ignored);
  }
}

Status BlobStore::Writer::append(std::string_view bytes) {
  if (descriptor_ < 0) {
    return Error::of(errors::kClosed, "append after commit");
  }
  hashing_->sha.update(bytes);
  while (!bytes.empty()) {
    const auto written = ::write(descriptor_, bytes.data(), bytes.size());
    if (written < 0) {
      if (errno == EINTR) {
        continue;
      }
      return storeError("writing " + temporary_.string());
    }
    bytes.remove_prefix(static_cast<std::size_t>(written));
    size_ += static_cast<std::uint64_t>(written);
  }
  return {};
}

Result<BlobId> BlobStore::Writer::commit() {
  if (descriptor_ < 0) {
    return Error::of(errors::kClosed, "commit twice");
  }
  const bool synced = ::fsync(descriptor_) == 0;
  ::close(descriptor_);
  descriptor_ = -1;
  std::error_code ignored;
  if (!synced) {
    auto error = storeError("syncing " + temporary_.string());
    fs::remove(temporary_, ignored);
    return error;
  }
  BlobId id{hashing_->sha.hexDigest(), size_};
  const auto target = store_.finalPath(id.sha256);
  if (fs::exists(target, ignored)) {
    // The same content is stored already: this copy is not needed.
    fs::remove(temporary_, ignored);
    return id;
  }
  fs::create_directories(target.parent_path(), ignored);
  if (::rename(temporary_.c_str(), target.c_str()) != 0) {
    auto error = storeError("storing " + target.string());
    fs::remove(temporary_, ignored);
    return error;
  }
  if (!syncFolder(target.parent_path())) {
    return storeError("syncing " + target.parent_path().string());
  }
  return id;
}

Result<std::unique_ptr<BlobStore::Writer>> BlobStore::begin() {
  std::error_code error;
  fs::create_directories(folder_, error);
  auto pattern = (folder_ / (std::string(kTemporaryPrefix) + "XXXXXX")).string();
  const int descriptor = ::mkostemp(pattern.data(), O_CLOEXEC);
  if (descriptor < 0) {
    return storeError("creating a file in " + folder_.string());
  }
  return std::unique_ptr<Writer>(new Writer(*this, fs::path(pattern), descriptor));
}

Result<BlobId> BlobStore::adopt(const fs::path& file, const std::string& sha256,
                                std::uint64_t size) {
  std::error_code ignored;
  if (!isSha256Hex(sha256)) {
    fs::remove(file, ignored);
    return Error::of(errors::kBadHash, "not a SHA-256: " + sha256);
  }
  const auto target = finalPath(sha256);
  if (fs::exists(target, ignored)) {
    fs::remove(file, ignored);
    return BlobId{sha256, size};
  }
  fs::create_directories(target.parent_path(), ignored);
  if (::rename(file.c_str(), target.c_str()) != 0) {
    auto error = storeError("storing " + target.string());
    fs::remove(file, ignored);
    return error;
  }
  if (!syncFolder(target.parent_path())) {
    return storeError("syncing " + target.parent_path().string());
  }
  return BlobId{sha256, size};
}

Result<BlobId> BlobStore::put(std::string_view content) {
  auto writer = begin();
  if (!writer) {
    return std::move(writer).error();
  }
  if (auto appended = (*writer)->append(content); !appended) {
    return std::move(appended).error();
  }
  return (*writer)->commit();
}

bool BlobStore::contains(const std::string& sha256) const {
  return pathOf(sha256).has_value();
}

std::optional<fs::path> BlobStore::pathOf(const std::string& sha256) const {
  if (!isSha256Hex(sha256)) {
    return std::nullopt;
  }
  auto path = finalPath(sha256);
  std::error_code error;
  if (!fs::is_regular_file(path, error)) {
    return std::nullopt;
  }
  return path;
}

Result<std::string> BlobStore::read(const std::string& sha256) const {
  const auto path = pathOf(sha256);
  if (!path) {
    return Error::of(errors::kNotFound, "The file's content is not stored.");
  }
  std::ifstream in(*path, std::ios::binary);
  std::ostringstream content;
  content << in.rdbuf();
  return content.str();
}

int BlobStore::sweep(const std::function<bool(const std::string& sha256)>& referenced,
                     std::chrono::seconds staleAfter) {
  int removed = 0;
  std::error_code error;
  if (!fs::is_directory(folder_, error)) {
    return 0;
  }
  const auto now = fs::file_time_type::clock::now();
  for (const auto& entry : fs::directory_iterator(folder_, error)) {
    const auto name = entry.path().filename().string();
    if (entry.is_regular_file(error) && name.starts_with(kTemporaryPrefix)) {
      const auto written = entry.last_write_time(error);
      if (!error && now - written > staleAfter && fs::remove(entry.path(), error)) {
        ++removed;
      }
      continue;
    }
    if (!entry.is_directory(error) || name.size() != 2) {
      continue;
    }
    for (const auto& blob : fs::directory_iterator(entry.path(), error)) {
      const auto sha256 = name + blob.path().filename().string();
      // A blob younger than staleAfter may have just been stored by a save that has not yet
      // written its reference: it is left for a later sweep.
      const auto written = blob.last_write_time(error);
      if (isSha256Hex(sha256) && !error && now - written > staleAfter && !referenced(sha256) &&
          fs::remove(blob.path(), error)) {
        ++removed;
      }
    }
  }
  return removed;
}

}  // namespace dossier::blobs
