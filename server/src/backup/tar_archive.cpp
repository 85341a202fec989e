#include "backup/tar_archive.hpp"

#include <archive.h>
#include <archive_entry.h>
#include <cerrno>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <unistd.h>

#include "backup/backup_error.hpp"

namespace dossier::backup {

namespace {

std::string messageOf(archive* handle) {
  const char* text = archive_error_string(handle);
  return text != nullptr ? text : "unknown error";
}

bool endsWith(const std::string& name, std::string_view ending) {
  return name.size() > ending.size() && name.ends_with(ending);
}

// What a person does about an archive that cannot be read on.
constexpr const char* kDamaged =
    "It is damaged or cut short (was it copied before it was whole?): use another backup.";

}  // namespace

std::optional<Compression> compressionFor(const std::filesystem::path& file) {
  const auto name = file.filename().string();
  if (endsWith(name, ".tar")) {
    return Compression::None;
  }
  if (endsWith(name, ".tar.gz") || endsWith(name, ".tgz")) {
    return Compression::Gzip;
  }
  if (endsWith(name, ".tar.zst") || endsWith(name, ".tzst")) {
    return Compression::Zstd;
  }
  return std::nullopt;
}

struct ArchiveWriter::State {
  std::filesystem::path file;
  archive* handle = nullptr;
  int descriptor = -1;
  archive_entry* entry = nullptr;
  std::string member;
  std::uint64_t size = 0;
  std::uint64_t written = 0;

  [[noreturn]] void fail(const std::string& what) const {
    throw BackupError("Cannot write the backup " + file.string() + " (" + what +
                      "): " + messageOf(handle) + ".");
  }
};

ArchiveWriter::ArchiveWriter(const std::filesystem::path& file, Compression compression)
    : state_(std::make_unique<State>()) {
  auto& state = *state_;
  state.file = file;
  state.descriptor = ::open(file.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (state.descriptor < 0) {
    throw BackupError("Cannot create the backup " + file.string() + ": " + std::strerror(errno) +
                      ".");
  }
  state.handle = archive_write_new();
  state.entry = archive_entry_new();
  if (archive_write_set_format_pax_restricted(state.handle) != ARCHIVE_OK) {
    state.fail("format");
  }
  int added = ARCHIVE_OK;
  switch (compression) {
    case Compression::None:
      added = archive_write_add_filter_none(state.handle);
      break;
    case Compression::Gzip:
      added = archive_write_add_filter_gzip(state.handle);
      break;
    case Compression::Zstd:
      added = archive_write_add_filter_zstd(state.handle);
      break;
  }
  if (added != ARCHIVE_OK) {
    state.fail("compression");
  }
  if (archive_write_open_fd(state.handle, state.descriptor) != ARCHIVE_OK) {
    state.fail("opening");
  }
}

ArchiveWriter::~ArchiveWriter() {
  if (state_->handle != nullptr) {
    archive_write_free(state_->handle);
  }
  if (state_->entry != nullptr) {
    archive_entry_free(state_->entry);
  }
  if (state_->descriptor >= 0) {
    ::close(state_->descriptor);
  }
}

void ArchiveWriter::beginMember(const std::string& path, std::uint64_t size, unsigned permissions) {
  auto& state = *state_;
  archive_entry_clear(state.entry);
  archive_entry_set_pathname(state.entry, path.c_str());
  archive_entry_set_filetype(state.entry, AE_IFREG);
  archive_entry_set_perm(state.entry, permissions & 07777);
  archive_entry_set_size(state.entry, static_cast<la_int64_t>(size));
  archive_entry_set_mtime(state.entry, std::time(nullptr), 0);
  if (archive_write_header(state.handle, state.entry) != ARCHIVE_OK) {
    state.fail(path);
  }
  state.member = path;
  state.size = size;
  state.written = 0;
}

void ArchiveWriter::write(std::string_view bytes) {
  auto& state = *state_;
  if (state.written + bytes.size() > state.size) {
    throw BackupError("The member " + state.member + " of the backup " + state.file.string() +
                      " grew while it was written: " + std::to_string(state.size) +
                      " bytes were announced.");
  }
  while (!bytes.empty()) {
    const auto done = archive_write_data(state.handle, bytes.data(), bytes.size());
    if (done <= 0) {
      state.fail(state.member);
    }
    bytes.remove_prefix(static_cast<std::size_t>(done));
    state.written += static_cast<std::uint64_t>(done);
  }
}

void ArchiveWriter::endMember() {
  auto& state = *state_;
  if (state.written != state.size) {
    throw BackupError("The member " + state.member + " of the backup " + state.file.string() +
                      " ended after " + std::to_string(state.written) + " of the " +
                      std::to_string(state.size) + " bytes announced.");
  }
  if (archive_write_finish_entry(state.handle) != ARCHIVE_OK) {
    state.fail(state.member);
  }
}

void ArchiveWriter::add(const std::string& path, std::string_view content, unsigned permissions) {
  beginMember(path, content.size(), permissions);
  write(content);
  endMember();
}

void ArchiveWriter::close() {
  auto& state = *state_;
  if (archive_write_close(state.handle) != ARCHIVE_OK) {
    state.fail("ending it");
  }
  if (::fsync(state.descriptor) != 0 || ::close(state.descriptor) != 0) {
    state.descriptor = -1;
    throw BackupError("Cannot write the backup " + state.file.string() +
                      " to disk: " + std::strerror(errno) + ".");
  }
  state.descriptor = -1;
}

struct ArchiveReader::State {
  std::filesystem::path file;
  archive* handle = nullptr;
  std::string member;  // the one being read; empty before the first

  [[noreturn]] void fail(const std::string& where) const {
    throw BackupError("The backup " + file.string() + " cannot be read " + where + ": " +
                      messageOf(handle) + ". " + kDamaged);
  }
};

ArchiveReader::ArchiveReader(const std::filesystem::path& file)
    : state_(std::make_unique<State>()) {
  auto& state = *state_;
  state.file = file;
  state.handle = archive_read_new();
  archive_read_support_filter_none(state.handle);
  archive_read_support_filter_gzip(state.handle);
  archive_read_support_filter_zstd(state.handle);
  archive_read_support_format_tar(state.handle);
  if (::access(file.c_str(), R_OK) != 0) {
    throw BackupError("Cannot open the backup " + file.string() + ": " + std::strerror(errno) +
                      ".");
  }
  // Opening reads the beginning, to tell the compression and the format.
  if (archive_read_open_filename(state.handle, file.c_str(), 1 << 20) != ARCHIVE_OK) {
    throw BackupError(file.string() + " is not a Dossier backup: it is not a tar archive (" +
                      messageOf(state.handle) + ").");
  }
}

ArchiveReader::~ArchiveReader() {
  archive_read_free(state_->handle);
}

std::optional<MemberHeader> ArchiveReader::next() {
  auto& state = *state_;
  archive_entry* entry = nullptr;
  const int code = archive_read_next_header(state.handle, &entry);
  if (code == ARCHIVE_EOF) {
    return std::nullopt;
  }
  const bool read = code == ARCHIVE_OK || code == ARCHIVE_WARN;
  if (!read && state.member.empty()) {
    throw BackupError(state.file.string() + " is not a Dossier backup: it is not a tar archive (" +
                      messageOf(state.handle) + ").");
  }
  if (!read) {
    state.fail("after " + state.member);
  }
  MemberHeader header;
  header.path = archive_entry_pathname(entry) != nullptr ? archive_entry_pathname(entry) : "";
  header.size = static_cast<std::uint64_t>(archive_entry_size(entry));
  header.permissions = static_cast<unsigned>(archive_entry_perm(entry));
  state.member = header.path;
  return header;
}

std::size_t ArchiveReader::read(std::span<char> buffer) {
  auto& state = *state_;
  const auto read = archive_read_data(state.handle, buffer.data(), buffer.size());
  if (read < 0) {
    state.fail("inside " + state.member);
  }
  return static_cast<std::size_t>(read);
}

std::uint64_t ArchiveReader::fileBytesRead() const {
  return static_cast<std::uint64_t>(archive_filter_bytes(state_->handle, -1));
}

}  // namespace dossier::backup
