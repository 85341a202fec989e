#pragma once

#include <string_view>
#include <unistd.h>

namespace dossier {

// A file's descriptor, closed when it goes; one owner, never copied.
struct FileDescriptor {
  explicit FileDescriptor(int opened) noexcept : value(opened) {}
  FileDescriptor(const FileDescriptor&) = delete;
  FileDescriptor& operator=(const FileDescriptor&) = delete;
  ~FileDescriptor() {
    if (value >= 0) {
      ::close(value);
    }
  }
  bool open() const { return value >= 0; }

  int value = -1;
};

// Writes every byte of `bytes` to `descriptor`, going on after a short write or a signal; false,
// with errno saying why, when the file refuses.
bool writeAll(int descriptor, std::string_view bytes);

}  // namespace dossier
