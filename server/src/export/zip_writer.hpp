#pragma once

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

// zlib's stream, declared here so that users of the writer do not include zlib.
struct z_stream_s;

namespace dossier::exporting {

// A zip file written member by member as its bytes come, each member deflated as it is written:
// memory stays the same however large a member grows. The file is written beside `path` and put
// in its place by finish(); a writer destroyed before then leaves nothing.
//
// Without ZIP64: a member, and the whole file, stay under 4 GiB (what every reader takes); past
// that write() throws std::length_error, and a caller that can go on elsewhere (the next sheet of
// a workbook) asks memberSize() first.
class ZipWriter {
 public:
  // zlib's levels: 1 is several times faster than the default 6 and a fifth larger on text.
  static constexpr int kFastest = 1;
  static constexpr std::uint64_t kMostBytes = 0xFFFF'FFFFULL;

  // Throws std::runtime_error naming the file when it cannot be created.
  explicit ZipWriter(std::filesystem::path path);
  ~ZipWriter();
  ZipWriter(const ZipWriter&) = delete;
  ZipWriter& operator=(const ZipWriter&) = delete;

  // Begins a member (ending the one before); `first` puts it first in the directory, where some
  // readers look for a package's [Content_Types].xml.
  void begin(std::string name, int level = kFastest, bool first = false);
  void write(std::string_view bytes);
  // The current member's bytes so far, before compression.
  std::uint64_t memberSize() const { return current_.size; }
  // Ends the last member, writes the directory and puts the file in its place. Throws
  // std::runtime_error when the disk refuses.
  void finish();

 private:
  struct Member {
    std::string name;
    std::uint64_t offset = 0;
    std::uint32_t crc = 0;
    std::uint64_t size = 0;
    std::uint64_t compressed = 0;
    bool first = false;
  };

  void end();
  void deflateInto(std::string_view bytes, int flush);
  void put(const void* bytes, std::size_t size);
  void check(bool ok, const char* what) const;

  std::filesystem::path path_;
  std::filesystem::path partial_;
  std::FILE* file_ = nullptr;
  std::uint64_t written_ = 0;
  std::vector<Member> members_;
  Member current_;
  bool open_ = false;
  z_stream_s* stream_ = nullptr;
  std::vector<unsigned char> out_;
};

}  // namespace dossier::exporting
