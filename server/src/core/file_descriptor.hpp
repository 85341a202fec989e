#pragma once

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

}  // namespace dossier
