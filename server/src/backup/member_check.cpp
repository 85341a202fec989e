#include "backup/member_check.hpp"

#include <fstream>
#include <vector>

#include "backup/backup_error.hpp"
#include "backup/tar_archive.hpp"
#include "core/crypto.hpp"

namespace dossier::backup {

namespace {

// A manifest lists every member; a million blobs make some 150 MB of it.
constexpr std::uint64_t kManifestLimit = 512ULL * 1024 * 1024;
constexpr std::size_t kChunk = 1024 * 1024;

}  // namespace

Manifest readManifest(ArchiveReader& reader, const std::string& file) {
  const auto first = reader.next();
  if (!first) {
    throw BackupError(file + " is not a Dossier backup: it is an empty archive.");
  }
  if (first->path != kManifestMember) {
    throw BackupError(file + " is not a Dossier backup: it does not begin with " + kManifestMember +
                      " (its first member is " + first->path + ").");
  }
  if (first->size > kManifestLimit) {
    throw BackupError(file + " is not a Dossier backup: its " + kManifestMember + " is " +
                      std::to_string(first->size) + " bytes long.");
  }
  std::string text;
  text.reserve(first->size);
  readMember(
      reader, [&](std::string_view piece) { text.append(piece); }, [](std::uint64_t) {});
  return parseManifest(text, file);
}

MemberRead readMember(ArchiveReader& reader, const std::function<void(std::string_view)>& piece,
                      const std::function<void(std::uint64_t)>& progress) {
  std::vector<char> buffer(kChunk);
  Sha256Stream hash;
  MemberRead read;
  for (;;) {
    const auto count = reader.read(buffer);
    if (count == 0) {
      break;
    }
    const std::string_view bytes(buffer.data(), count);
    hash.update(bytes);
    piece(bytes);
    read.size += count;
    progress(read.size);
  }
  read.sha256 = hash.hexDigest();
  return read;
}

MemberRead extractMember(ArchiveReader& reader, const std::filesystem::path& into,
                         const std::function<void(std::uint64_t)>& progress) {
  std::ofstream out(into, std::ios::binary | std::ios::trunc);
  if (!out) {
    throw BackupError("Cannot write " + into.string() +
                      ": its folder must exist and be writable by the user running dossier.");
  }
  const auto read = readMember(
      reader,
      [&](std::string_view bytes) {
        out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
      },
      progress);
  out.close();
  if (!out) {
    throw BackupError("Cannot write " + into.string() + " (is the disk full?).");
  }
  return read;
}

MemberCheck::MemberCheck(const Manifest& manifest, std::string file) : file_(std::move(file)) {
  for (const auto& member : manifest.members) {
    listed_[member.path] = &member;
    totalBytes_ += member.size;
  }
}

const Member* MemberCheck::find(const std::string& path, std::string& problem) {
  const auto listed = listed_.find(path);
  if (listed == listed_.end()) {
    problem = file_ + " holds " + path + ", which its manifest does not list: it was changed " +
              "after it was written.";
    return nullptr;
  }
  if (!found_.insert(path).second) {
    problem = file_ + " holds " + path + " twice: it was changed after it was written.";
    return nullptr;
  }
  return listed->second;
}

std::optional<std::string> MemberCheck::compare(const Member& listed, const MemberRead& read) {
  if (read.size != listed.size || read.sha256 != listed.sha256) {
    return file_ + " is damaged: its member " + listed.path + " has " + std::to_string(read.size) +
           " bytes with SHA-256 " + read.sha256 + ", where the manifest says " +
           std::to_string(listed.size) + " bytes with SHA-256 " + listed.sha256 +
           ". Use another backup.";
  }
  whole_.insert(listed.path);
  return std::nullopt;
}

std::optional<std::string> MemberCheck::missing() const {
  std::int64_t count = 0;
  std::string first;
  for (const auto& [path, member] : listed_) {
    if (!found_.contains(path)) {
      if (count++ == 0) {
        first = path;
      }
    }
  }
  if (count == 0) {
    return std::nullopt;
  }
  return file_ + " is incomplete: " + std::to_string(count) +
         " of the members its manifest lists " + (count == 1 ? "is" : "are") + " not in it (" +
         first + (count > 1 ? " and others" : "") +
         "); it was cut short or changed after it was written. Use another backup.";
}

}  // namespace dossier::backup
