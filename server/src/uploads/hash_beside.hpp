#pragma once

#include <future>
#include <string_view>

#include "core/crypto.hpp"

namespace dossier::uploads {

// Runs `work` (writing a piece of an upload) while the piece's bytes are hashed into `sha` on
// another thread, when there is a hashing to go on with; returns what `work` returns once both
// are done. Each costs about a millisecond a megabyte here: one after the other they were half of
// an upload's time. Should `work` throw, the hashing is still waited for before the exception
// leaves, as it reads `bytes` and writes `sha`.
template <class Work>
auto hashedBeside(Sha256Stream* sha, std::string_view bytes, Work&& work) {
  // A future of std::async waits for its task when it goes: after `work`, whether it returned or
  // threw.
  const auto hashed = sha != nullptr
                          ? std::async(std::launch::async, [sha, bytes] { sha->update(bytes); })
                          : std::future<void>();
  return work();
}

}  // namespace dossier::uploads
