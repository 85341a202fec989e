#pragma once

#include <cstdint>

namespace dossier {

// Whether the part [at, at + length) of the open file `descriptor` is in the page cache, judged by
// its first and last bytes (the kernel reads ahead in order, so a part whose ends are there is
// there): two one-byte reads that never wait for the disk, so an I/O thread may ask.
bool inPageCache(int descriptor, std::uint64_t at, std::uint64_t length);

// Reads the part [at, at + length) of the open file `descriptor` into the page cache and returns
// once it is there (the part past the file's end, if any, is left), so that a later `sendfile`
// of it copies from memory instead of waiting on the disk. Blocks while the disk reads: call it
// off the I/O threads. Nothing is copied into the process. A file that cannot be mapped is left
// as it is, to be read by whoever reads it next.
void readIntoPageCache(int descriptor, std::uint64_t at, std::uint64_t length);

}  // namespace dossier
