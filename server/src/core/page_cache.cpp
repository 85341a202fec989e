#include "core/page_cache.hpp"

#include <algorithm>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

namespace dossier {

bool inPageCache(int descriptor, std::uint64_t at, std::uint64_t length) {
  const auto cached = [descriptor](std::uint64_t offset) {
    char probe = 0;
    iovec into{&probe, 1};
    return ::preadv2(descriptor, &into, 1, static_cast<off_t>(offset), RWF_NOWAIT) == 1;
  };
  return length == 0 || (cached(at) && cached(at + length - 1));
}

void readIntoPageCache(int descriptor, std::uint64_t at, std::uint64_t length) {
  struct stat status {};
  if (::fstat(descriptor, &status) != 0 || status.st_size <= 0) {
    return;
  }
  // A mapping past the file's end would fault; a file that shrank since its size was told is sent
  // short anyway.
  const auto end = std::min(at + length, static_cast<std::uint64_t>(status.st_size));
  const auto page = static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
  const auto start = at - at % page;
  if (end <= start) {
    return;
  }
  // Populating a shared mapping of the file faults every page in, which waits for the disk's
  // reads (with the kernel's read-ahead); unmapping leaves the pages in the cache.
  void* mapped = ::mmap(nullptr, end - start, PROT_READ, MAP_SHARED | MAP_POPULATE, descriptor,
                        static_cast<off_t>(start));
  if (mapped != MAP_FAILED) {
    ::munmap(mapped, end - start);
  }
}

}  // namespace dossier
