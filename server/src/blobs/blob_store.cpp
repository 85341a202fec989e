#include "blobs/blob_store.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>
#include <vector>

#include "blobs/errors.hpp"
#include "core/file_descriptor.hpp"

namespace dossier::blobs {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kCopyChunk = 1 << 20;

Error systemError(const ErrorCode& code, const std::string& what) {
  return Error::of(code, what + ": " + std::strerror(errno));
}

Status writeAll(int descriptor, std::string_view bytes, const fs::path& where) {
  while (!bytes.empty()) {
    const auto written = ::write(descriptor, bytes.data(), bytes.size());
    if (written < 0) {
      if (errno == EINTR) {
        continue;
      }
      return systemError(errors::kWriteFailed, "writing " + where.string());
    }
    bytes.remove_prefix(static_cast<std::size_t>(written));
  }
  return {};
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

LocalFile::LocalFile(fs::path path, bool temporary)
    : path_(std::move(path)), temporary_(temporary) {}

LocalFile::~LocalFile() {
  if (temporary_ && !path_.empty()) {
    std::error_code ignored;
    fs::remove(path_, ignored);
  }
}

LocalFile::LocalFile(LocalFile&& other) noexcept
    : path_(std::move(other.path_)), temporary_(other.temporary_) {
  other.path_.clear();
  other.temporary_ = false;
}

LocalFile& LocalFile::operator=(LocalFile&& other) noexcept {
  if (this != &other) {
    LocalFile gone(std::move(*this));
    path_ = std::move(other.path_);
    temporary_ = other.temporary_;
    other.path_.clear();
    other.temporary_ = false;
  }
  return *this;
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

Result<BlobId> BlobStore::adopt(const fs::path& file, const std::string& sha256,
                                std::uint64_t size) {
  // The file is gone either way, as with a rename.
  struct RemovedAtEnd {
    const fs::path& file;
    ~RemovedAtEnd() {
      std::error_code ignored;
      fs::remove(file, ignored);
    }
  } removed{file};
  if (!isSha256Hex(sha256)) {
    return Error::of(errors::kBadHash, "not a SHA-256: " + sha256);
  }
  FileDescriptor in{::open(file.c_str(), O_RDONLY | O_CLOEXEC)};
  if (in.value < 0) {
    return systemError(errors::kReadFailed, "opening " + file.string());
  }
  auto writer = begin();
  if (!writer) {
    return std::move(writer).error();
  }
  std::vector<char> chunk(kCopyChunk);
  for (;;) {
    const auto got = ::read(in.value, chunk.data(), chunk.size());
    if (got < 0) {
      if (errno == EINTR) {
        continue;
      }
      return systemError(errors::kReadFailed, "reading " + file.string());
    }
    if (got == 0) {
      break;
    }
    if (auto appended =
            (*writer)->append(std::string_view(chunk.data(), static_cast<std::size_t>(got)));
        !appended) {
      return std::move(appended).error();
    }
  }
  auto id = (*writer)->commit();
  if (id && (id->sha256 != sha256 || id->size != size)) {
    return Error::of(errors::kBadHash, "the content of " + file.string() + " is not " + sha256);
  }
  return id;
}

Result<std::string> BlobStore::read(const std::string& sha256) const {
  auto reader = open(sha256);
  if (!reader) {
    return std::move(reader).error();
  }
  std::string content((*reader)->size(), '\0');
  std::uint64_t at = 0;
  while (at < content.size()) {
    auto got = (*reader)->read(at, std::span<char>(content.data() + at, content.size() - at));
    if (!got) {
      return std::move(got).error();
    }
    if (*got == 0) {
      content.resize(at);  // shorter than it said: what there is
      break;
    }
    at += *got;
  }
  return content;
}

Result<LocalFile> BlobStore::localFile(const std::string& sha256) const {
  auto reader = open(sha256);
  if (!reader) {
    return std::move(reader).error();
  }
  if (auto path = (*reader)->localPath()) {
    return LocalFile(std::move(*path), false);
  }
  // A store that keeps no files of its own: a copy, made for this caller alone.
  auto pattern = (fs::temp_directory_path() / "dossier-blob-XXXXXX").string();
  FileDescriptor out{::mkostemp(pattern.data(), O_CLOEXEC)};
  if (out.value < 0) {
    return systemError(errors::kWriteFailed, "creating a file in " + pattern);
  }
  LocalFile copy(pattern, true);
  std::vector<char> chunk(kCopyChunk);
  std::uint64_t at = 0;
  for (;;) {
    auto got = (*reader)->read(at, chunk);
    if (!got) {
      return std::move(got).error();
    }
    if (*got == 0) {
      break;
    }
    if (auto written = writeAll(out.value, std::string_view(chunk.data(), *got), copy.path());
        !written) {
      return std::move(written).error();
    }
    at += *got;
  }
  return copy;
}

}  // namespace dossier::blobs
