#include "export/zip_writer.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <zlib.h>

namespace dossier::exporting {

namespace {

constexpr std::size_t kOutPiece = 256 * 1024;
constexpr std::uint16_t kVersion = 20;          // 2.0: deflate
constexpr std::uint16_t kUtf8Names = 1U << 11;  // general purpose flag: names are UTF-8
constexpr std::uint16_t kDeflated = 8;
// 1980-01-01 00:00 in MS-DOS form: the members' time says nothing a reader needs.
constexpr std::uint16_t kDosDate = (0 << 9) | (1 << 5) | 1;

void le(std::string& out, std::uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) {
    out += static_cast<char>((value >> (8 * i)) & 0xFF);
  }
}

}  // namespace

ZipWriter::ZipWriter(std::filesystem::path path)
    : path_(std::move(path)), partial_(path_.string() + ".partial"), out_(kOutPiece) {
  file_ = std::fopen(partial_.c_str(), "wb");
  if (file_ == nullptr) {
    throw std::runtime_error("The file " + path_.string() +
                             " could not be created: " + std::strerror(errno));
  }
  std::setvbuf(file_, nullptr, _IOFBF, 1 << 20);
}

ZipWriter::~ZipWriter() {
  if (stream_ != nullptr) {
    deflateEnd(stream_);
    delete stream_;
  }
  if (file_ != nullptr) {
    std::fclose(file_);
    std::error_code ignored;
    std::filesystem::remove(partial_, ignored);
  }
}

void ZipWriter::check(bool ok, const char* what) const {
  if (!ok) {
    throw std::runtime_error("The file " + path_.string() + " could not be written (" + what +
                             "): " + std::strerror(errno) + "; the disk may be full");
  }
}

void ZipWriter::put(const void* bytes, std::size_t size) {
  check(std::fwrite(bytes, 1, size, file_) == size, "write");
  written_ += size;
}

void ZipWriter::begin(std::string name, int level, bool first) {
  end();
  current_ = Member{std::move(name), written_, 0, 0, 0, first};
  // The sizes and checksum are not known yet: written as nought here, then put in place by end().
  std::string header;
  le(header, 0x04034b50, 4);
  le(header, kVersion, 2);
  le(header, kUtf8Names, 2);
  le(header, kDeflated, 2);
  le(header, 0, 2);
  le(header, kDosDate, 2);
  le(header, 0, 4);
  le(header, 0, 4);
  le(header, 0, 4);
  le(header, current_.name.size(), 2);
  le(header, 0, 2);
  header += current_.name;
  put(header.data(), header.size());
  if (stream_ == nullptr) {
    stream_ = new z_stream{};
  } else {
    deflateEnd(stream_);
    *stream_ = z_stream{};
  }
  // Raw deflate (negative window bits): a zip member has no zlib header of its own.
  if (deflateInit2(stream_, level, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
    throw std::runtime_error("The file " + path_.string() +
                             " could not be compressed: " + "out of memory");
  }
  open_ = true;
}

void ZipWriter::deflateInto(std::string_view bytes, int flush) {
  stream_->next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  stream_->avail_in = static_cast<uInt>(bytes.size());
  for (;;) {
    stream_->next_out = out_.data();
    stream_->avail_out = static_cast<uInt>(out_.size());
    const int result = deflate(stream_, flush);
    if (result == Z_STREAM_ERROR) {
      throw std::runtime_error("The file " + path_.string() + " could not be compressed");
    }
    const auto produced = out_.size() - stream_->avail_out;
    put(out_.data(), produced);
    current_.compressed += produced;
    const bool done = flush == Z_FINISH ? result == Z_STREAM_END : stream_->avail_out != 0;
    if (done) {
      return;
    }
  }
}

void ZipWriter::write(std::string_view bytes) {
  if (!open_) {
    throw std::logic_error("ZipWriter: write() outside a member");
  }
  if (current_.size + bytes.size() > kMostBytes) {
    throw std::length_error("The file " + path_.string() +
                            " would be larger than a zip file of the usual kind holds (4 GiB).");
  }
  // zlib takes at most 4 GiB at once; a piece is far smaller.
  current_.crc = static_cast<std::uint32_t>(crc32(
      current_.crc, reinterpret_cast<const Bytef*>(bytes.data()), static_cast<uInt>(bytes.size())));
  current_.size += bytes.size();
  deflateInto(bytes, Z_NO_FLUSH);
}

void ZipWriter::end() {
  if (!open_) {
    return;
  }
  open_ = false;
  deflateInto({}, Z_FINISH);
  if (current_.compressed > kMostBytes || written_ > kMostBytes) {
    throw std::length_error("The file " + path_.string() +
                            " would be larger than a zip file of the usual kind holds (4 GiB).");
  }
  std::string sizes;
  le(sizes, current_.crc, 4);
  le(sizes, current_.compressed, 4);
  le(sizes, current_.size, 4);
  // The crc and both sizes sit 14 bytes into the member's local header.
  check(std::fseek(file_, static_cast<long>(current_.offset + 14), SEEK_SET) == 0, "seek");
  check(std::fwrite(sizes.data(), 1, sizes.size(), file_) == sizes.size(), "write");
  check(std::fseek(file_, 0, SEEK_END) == 0, "seek");
  members_.push_back(std::move(current_));
  current_ = Member{};
}

void ZipWriter::finish() {
  end();
  std::stable_partition(members_.begin(), members_.end(),
                        [](const Member& member) { return member.first; });
  const auto directoryAt = written_;
  std::string directory;
  for (const auto& member : members_) {
    le(directory, 0x02014b50, 4);
    le(directory, kVersion, 2);  // made by
    le(directory, kVersion, 2);  // needed
    le(directory, kUtf8Names, 2);
    le(directory, kDeflated, 2);
    le(directory, 0, 2);
    le(directory, kDosDate, 2);
    le(directory, member.crc, 4);
    le(directory, member.compressed, 4);
    le(directory, member.size, 4);
    le(directory, member.name.size(), 2);
    le(directory, 0, 2);  // extra
    le(directory, 0, 2);  // comment
    le(directory, 0, 2);  // disk
    le(directory, 0, 2);  // internal attributes
    le(directory, 0, 4);  // external attributes
    le(directory, member.offset, 4);
    directory += member.name;
  }
  std::string tail;
  le(tail, 0x06054b50, 4);
  le(tail, 0, 2);
  le(tail, 0, 2);
  le(tail, members_.size(), 2);
  le(tail, members_.size(), 2);
  le(tail, directory.size(), 4);
  le(tail, directoryAt, 4);
  le(tail, 0, 2);
  if (directoryAt + directory.size() + tail.size() > kMostBytes) {
    throw std::length_error("The file " + path_.string() +
                            " would be larger than a zip file of the usual kind holds (4 GiB).");
  }
  put(directory.data(), directory.size());
  put(tail.data(), tail.size());
  check(std::fflush(file_) == 0, "flush");
  const int closed = std::fclose(file_);
  file_ = nullptr;
  if (closed != 0) {
    std::error_code ignored;
    std::filesystem::remove(partial_, ignored);
    check(false, "close");
  }
  std::error_code renamed;
  std::filesystem::rename(partial_, path_, renamed);
  if (renamed) {
    std::error_code ignored;
    std::filesystem::remove(partial_, ignored);
    throw std::runtime_error("The file " + path_.string() +
                             " could not be put in place: " + renamed.message());
  }
}

}  // namespace dossier::exporting
