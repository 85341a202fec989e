#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace dossier::backup {

// How a backup file is compressed, chosen by the end of its name.
enum class Compression { None, Gzip, Zstd };

// .tar, .tar.gz or .tgz, .tar.zst or .tzst; none for any other name.
std::optional<Compression> compressionFor(const std::filesystem::path& file);

// A tar archive (POSIX pax) written member by member, each member's size given before its bytes,
// compressed as its name says. The file is made new, readable by its owner alone (a backup holds
// password hashes and the configuration), and synced to disk when closed. This and its reader
// are the only code that knows libarchive. Every failure throws BackupError.
class ArchiveWriter {
 public:
  ArchiveWriter(const std::filesystem::path& file, Compression compression);
  ~ArchiveWriter();
  ArchiveWriter(const ArchiveWriter&) = delete;
  ArchiveWriter& operator=(const ArchiveWriter&) = delete;

  void beginMember(const std::string& path, std::uint64_t size, unsigned permissions = 0600);
  void write(std::string_view bytes);
  // Refuses a member whose bytes were not as many as its size said.
  void endMember();
  // The member whole, at once.
  void add(const std::string& path, std::string_view content, unsigned permissions = 0600);
  // Ends the archive and syncs the file.
  void close();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

struct MemberHeader {
  std::string path;
  std::uint64_t size = 0;
  unsigned permissions = 0;
};

// Reads a tar archive, compressed with gzip or zstd or not at all, member by member.
class ArchiveReader {
 public:
  explicit ArchiveReader(const std::filesystem::path& file);
  ~ArchiveReader();
  ArchiveReader(const ArchiveReader&) = delete;
  ArchiveReader& operator=(const ArchiveReader&) = delete;

  // The next member (what was not read of the one before is skipped); none at the end.
  std::optional<MemberHeader> next();
  // Up to buffer.size() bytes of the current member; 0 at its end.
  std::size_t read(std::span<char> buffer);
  // The bytes of the file read so far (compressed, as they are on disk).
  std::uint64_t fileBytesRead() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace dossier::backup
