#include "core/page_cache.hpp"

#include <fcntl.h>
#include <string>
#include <sys/mman.h>
#include <unistd.h>
#include <vector>

#include <gtest/gtest.h>

#include "core/file_descriptor.hpp"
#include "support/temp_folder.hpp"

namespace dossier {
namespace {

// How many of the file's pages from `at` for `length` bytes are in the page cache.
std::size_t pagesCached(int descriptor, std::uint64_t at, std::uint64_t length) {
  void* mapped = ::mmap(nullptr, length, PROT_READ, MAP_SHARED, descriptor, static_cast<off_t>(at));
  if (mapped == MAP_FAILED) {
    return 0;
  }
  const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  std::vector<unsigned char> resident((length + page - 1) / page);
  ::mincore(mapped, length, resident.data());
  ::munmap(mapped, length);
  std::size_t cached = 0;
  for (const auto flags : resident) {
    cached += flags & 1;
  }
  return cached;
}

TEST(PageCache, APartOfAFileTheDiskHasNotReadIsReadIntoTheCacheAndNoMore) {
  testing::TempFolder folder;
  const std::size_t mib = 1024 * 1024;
  const auto file = folder.write("file.bin", std::string(64 * mib, 'x'));
  const FileDescriptor descriptor{::open(file.c_str(), O_RDONLY | O_CLOEXEC)};
  ASSERT_TRUE(descriptor.open());
  // Written pages leave the cache once they are on the disk and let go of.
  ::fdatasync(descriptor.value);
  ::posix_fadvise(descriptor.value, 0, 0, POSIX_FADV_DONTNEED);
  if (pagesCached(descriptor.value, 0, 64 * mib) > 0) {
    GTEST_SKIP() << "this file system keeps its files in memory (tmpfs): nothing to read";
  }
  EXPECT_FALSE(inPageCache(descriptor.value, 4 * mib, 4 * mib));
  readIntoPageCache(descriptor.value, 4 * mib, 4 * mib);
  EXPECT_TRUE(inPageCache(descriptor.value, 4 * mib, 4 * mib));
  const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  EXPECT_EQ(pagesCached(descriptor.value, 4 * mib, 4 * mib), 4 * mib / page);
  EXPECT_LT(pagesCached(descriptor.value, 48 * mib, 16 * mib), 16 * mib / page)
      << "the kernel may read a little ahead, not the whole file";
}

}  // namespace
}  // namespace dossier
