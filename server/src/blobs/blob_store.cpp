#include "blobs/blob_store.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <limits>
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
  if (!dossier::writeAll(descriptor, bytes)) {
    return systemError(errors::kWriteFailed, "writing " + where.string());
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

namespace {

// Copies [from, to) of the reader's content to the same place in `out`.
Status copyRange(BlobStore::Reader& reader, int out, const fs::path& where, std::uint64_t from,
                 std::uint64_t to) {
  std::vector<char> chunk(static_cast<std::size_t>(std::min<std::uint64_t>(kCopyChunk, to - from)));
  if (::lseek(out, static_cast<off_t>(from), SEEK_SET) < 0) {
    return systemError(errors::kWriteFailed, "seeking in " + where.string());
  }
  std::uint64_t at = from;
  while (at < to) {
    const auto want = static_cast<std::size_t>(std::min<std::uint64_t>(chunk.size(), to - at));
    auto got = reader.read(at, std::span<char>(chunk.data(), want));
    if (!got) {
      return std::move(got).error();
    }
    if (*got == 0) {
      break;  // shorter than it said (swept meanwhile): what there is
    }
    if (auto written = writeAll(out, std::string_view(chunk.data(), *got), where); !written) {
      return written;
    }
    at += *got;
  }
  return {};
}

// The blob as a file on this machine: the store's own, or a temporary file of the blob's size
// holding the bytes [0, head) and [size - tail, size), the rest a hole that takes no disk.
Result<LocalFile> fileOf(const BlobStore& store, const std::string& sha256, std::uint64_t head,
                         std::uint64_t tail) {
  auto reader = store.open(sha256);
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
  const auto size = (*reader)->size();
  if (::ftruncate(out.value, static_cast<off_t>(size)) != 0) {
    return systemError(errors::kWriteFailed, "sizing " + pattern);
  }
  const auto headEnd = std::min(head, size);
  const auto tailStart = std::max(headEnd, size - std::min(tail, size));
  if (auto copied = copyRange(**reader, out.value, copy.path(), 0, headEnd); !copied) {
    return std::move(copied).error();
  }
  if (auto copied = copyRange(**reader, out.value, copy.path(), tailStart, size); !copied) {
    return std::move(copied).error();
  }
  return copy;
}

}  // namespace

Result<LocalFile> BlobStore::localFile(const std::string& sha256) const {
  return fileOf(*this, sha256, std::numeric_limits<std::uint64_t>::max(), 0);
}

Result<LocalFile> BlobStore::edgesFile(const std::string& sha256, std::uint64_t edgeBytes) const {
  return fileOf(*this, sha256, edgeBytes, edgeBytes);
}

}  // namespace dossier::blobs
