#pragma once

#include <cstdint>
#include <filesystem>
#include <string_view>

namespace dossier::uploads {

// Writes the longest prefix of `bytes` that the disk can take past the page cache (O_DIRECT) into
// `file` at `offset`, and answers how much that was: the whole of an upload's middle pieces, none
// of a piece at an odd offset, the aligned part of a last piece, and nothing on a file system that
// refuses direct writes (tmpfs). The caller writes the rest as usual.
//
// Why: copying an upload into the page cache cost more of this machine's CPU than receiving and
// hashing it together, and a buffered write went at 430-1,300 MB/s as the host's memory allowed;
// written past the cache the same disk takes 1.4 GB/s, steadily, and the CPU is left for hashing.
std::uint64_t writeDirectly(const std::filesystem::path& file, std::uint64_t offset,
                            std::string_view bytes);

}  // namespace dossier::uploads
