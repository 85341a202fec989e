#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "backup/manifest.hpp"

namespace dossier::backup {

class ArchiveReader;

// Opens the backup `file` and reads its manifest, which must be its first member. Throws
// BackupError for a file that is missing, is no backup, or is of a format this dossier does not
// read.
Manifest readManifest(ArchiveReader& reader, const std::string& file);

struct MemberRead {
  std::uint64_t size = 0;
  std::string sha256;
};

// Reads the current member through, handing each piece on (to be written somewhere) and telling
// progress the bytes read so far; its size and SHA-256.
MemberRead readMember(ArchiveReader& reader, const std::function<void(std::string_view)>& piece,
                      const std::function<void(std::uint64_t)>& progress);

// Reads the current member into the file `into` (made anew); its size and SHA-256. Throws
// BackupError when the file cannot be written.
MemberRead extractMember(ArchiveReader& reader, const std::filesystem::path& into,
                         const std::function<void(std::uint64_t)>& progress);

// Holds the members of an archive to its manifest: each member must be listed, once, with the
// size and SHA-256 it has, and every member listed must be there. Problems are sentences naming
// the member and what to do.
class MemberCheck {
 public:
  MemberCheck(const Manifest& manifest, std::string file);

  // The manifest's entry for a member found in the archive; none, and the problem, for one it
  // does not list or that comes a second time.
  const Member* find(const std::string& path, std::string& problem);
  // The problem when a member read differs from its entry.
  std::optional<std::string> compare(const Member& listed, const MemberRead& read);
  // The problem when members listed were not found (the archive is incomplete).
  std::optional<std::string> missing() const;
  // True once the member was found and read with its size and SHA-256.
  bool whole(const std::string& path) const { return whole_.contains(path); }
  // The bytes of every member listed, the manifest's own not counted.
  std::uint64_t totalBytes() const { return totalBytes_; }

 private:
  std::string file_;
  std::map<std::string, const Member*, std::less<>> listed_;
  std::set<std::string, std::less<>> found_;
  std::set<std::string, std::less<>> whole_;
  std::uint64_t totalBytes_ = 0;
};

}  // namespace dossier::backup
