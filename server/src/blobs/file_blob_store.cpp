#include "blobs/file_blob_store.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "blobs/errors.hpp"
#include "core/crypto.hpp"
#include "core/file_descriptor.hpp"

namespace dossier::blobs {

namespace fs = std::filesystem;

namespace {

constexpr const char* kTemporaryPrefix = "incoming-";

Error storeError(const std::string& what, int error = errno) {
  // The reason goes to the log; the person is told their file could not be stored.
  return Error::of(errors::kWriteFailed, what + ": " + std::strerror(error));
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

// Gives a whole, synced file a blob's name, durably; 0, or the errno of what failed. The same
// content stored already makes the file unneeded: it goes.
int moveInto(const fs::path& file, const fs::path& target) {
  std::error_code ignored;
  if (fs::exists(target, ignored)) {
    fs::remove(file, ignored);
    return 0;
  }
  fs::create_directories(target.parent_path(), ignored);
  if (::rename(file.c_str(), target.c_str()) != 0) {
    return errno;
  }
  return syncFolder(target.parent_path()) ? 0 : errno;
}

}  // namespace

class FileBlobStore::FileWriter final : public BlobStore::Writer {
 public:
  FileWriter(FileBlobStore& store, fs::path temporary, int descriptor)
      : store_(store), temporary_(std::move(temporary)), descriptor_(descriptor) {}

  ~FileWriter() override {
    if (descriptor_ >= 0) {
      ::close(descriptor_);
      std::error_code ignored;
      fs::remove(temporary_, ignored);
    }
  }

  Status append(std::string_view bytes) override {
    if (descriptor_ < 0) {
      return Error::of(errors::kClosed, "append after commit");
    }
    sha_.update(bytes);
    if (!writeAll(descriptor_, bytes)) {
      return storeError("writing " + temporary_.string());
    }
    size_ += bytes.size();
    return {};
  }

  std::uint64_t size() const override { return size_; }

  Result<BlobId> commit() override {
    if (descriptor_ < 0) {
      return Error::of(errors::kClosed, "commit twice");
    }
    const bool synced = ::fsync(descriptor_) == 0;
    const int syncError = errno;
    ::close(descriptor_);
    descriptor_ = -1;
    std::error_code ignored;
    if (!synced) {
      fs::remove(temporary_, ignored);
      return storeError("syncing " + temporary_.string(), syncError);
    }
    BlobId id{sha_.hexDigest(), size_};
    const auto target = store_.finalPath(id.sha256);
    if (const int failed = moveInto(temporary_, target)) {
      fs::remove(temporary_, ignored);
      return storeError("storing " + target.string(), failed);
    }
    return id;
  }

 private:
  FileBlobStore& store_;
  fs::path temporary_;
  int descriptor_ = -1;
  std::uint64_t size_ = 0;
  Sha256Stream sha_;
};

class FileBlobStore::FileReader final : public BlobStore::Reader {
 public:
  FileReader(fs::path path, int descriptor, std::uint64_t size)
      : path_(std::move(path)), descriptor_(descriptor), size_(size) {}
  ~FileReader() override { ::close(descriptor_); }
  FileReader(const FileReader&) = delete;
  FileReader& operator=(const FileReader&) = delete;

  std::uint64_t size() const override { return size_; }

  Result<std::size_t> read(std::uint64_t offset, std::span<char> buffer) override {
    for (;;) {
      const auto got =
          ::pread(descriptor_, buffer.data(), buffer.size(), static_cast<off_t>(offset));
      if (got >= 0) {
        return static_cast<std::size_t>(got);
      }
      if (errno != EINTR) {
        return Error::of(errors::kReadFailed,
                         "reading " + path_.string() + ": " + std::strerror(errno));
      }
    }
  }

  std::optional<fs::path> localPath() const override { return path_; }

 private:
  fs::path path_;
  int descriptor_;
  std::uint64_t size_;
};

FileBlobStore::FileBlobStore(fs::path folder) : folder_(std::move(folder)) {}

fs::path FileBlobStore::finalPath(const std::string& sha256) const {
  return folder_ / sha256.substr(0, 2) / sha256.substr(2);
}

Result<std::unique_ptr<BlobStore::Writer>> FileBlobStore::begin() {
  std::error_code error;
  fs::create_directories(folder_, error);
  auto pattern = (folder_ / (std::string(kTemporaryPrefix) + "XXXXXX")).string();
  const int descriptor = ::mkostemp(pattern.data(), O_CLOEXEC);
  if (descriptor < 0) {
    return storeError("creating a file in " + folder_.string());
  }
  return std::unique_ptr<Writer>(
      std::make_unique<FileWriter>(*this, fs::path(pattern), descriptor));
}

Result<BlobId> FileBlobStore::adopt(const fs::path& file, const std::string& sha256,
                                    std::uint64_t size) {
  std::error_code ignored;
  if (!isSha256Hex(sha256)) {
    fs::remove(file, ignored);
    return Error::of(errors::kBadHash, "not a SHA-256: " + sha256);
  }
  const auto target = finalPath(sha256);
  if (const int failed = moveInto(file, target)) {
    if (failed == EXDEV) {
      return BlobStore::adopt(file, sha256, size);
    }
    fs::remove(file, ignored);
    return storeError("storing " + target.string(), failed);
  }
  return BlobId{sha256, size};
}

bool FileBlobStore::contains(const std::string& sha256) const {
  return pathOf(sha256).has_value();
}

std::optional<fs::path> FileBlobStore::pathOf(const std::string& sha256) const {
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

Result<std::unique_ptr<BlobStore::Reader>> FileBlobStore::open(const std::string& sha256) const {
  const auto notStored = Error::of(errors::kNotFound, "The file's content is not stored.");
  if (!isSha256Hex(sha256)) {
    return notStored;
  }
  auto path = finalPath(sha256);
  const int descriptor = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (descriptor < 0) {
    if (errno == ENOENT || errno == ENOTDIR) {
      return notStored;
    }
    return Error::of(errors::kReadFailed, "opening " + path.string() + ": " + std::strerror(errno));
  }
  struct stat status {};
  if (::fstat(descriptor, &status) != 0 || !S_ISREG(status.st_mode)) {
    ::close(descriptor);
    return notStored;
  }
  return std::unique_ptr<Reader>(std::make_unique<FileReader>(
      std::move(path), descriptor, static_cast<std::uint64_t>(status.st_size)));
}

int FileBlobStore::sweep(const std::function<bool(const std::string& sha256)>& referenced,
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
