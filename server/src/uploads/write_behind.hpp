#pragma once

#include <atomic>
#include <functional>
#include <future>
#include <map>
#include <mutex>
#include <string>
#include <string_view>

#include "core/result.hpp"

namespace dossier::uploads {

// The writing of an upload's pieces that goes on after their requests were answered, one piece
// at most for each upload: the disk writes a piece while the next one crosses the network, where
// the client waited for the disk before sending it (tus sends a piece only once the one before is
// answered). Whatever asks about an upload settles its writing first — the next piece, where it
// stands, its removal — so that the file it reads is whole; a writing that failed is told to
// the next piece, and the offset, being the file's size, says what reached it.
//
// At most `mostAtOnce` writings go on behind at once: beyond that a piece is written in its own
// request, as before, so that someone sending pieces to many uploads at once holds neither the
// memory of their pieces nor threads beyond that (the request's worker bounds the rest).
class WriteBehind {
 public:
  explicit WriteBehind(int mostAtOnce = kMostAtOnce) : mostAtOnce_(mostAtOnce) {}
  // Four pieces of 8 MiB: what two cores' disks and hashing keep busy.
  static constexpr int kMostAtOnce = 4;
  WriteBehind(const WriteBehind&) = delete;
  WriteBehind& operator=(const WriteBehind&) = delete;
  // Waits for every writing still under way: none is left behind half done by a stopping server.
  ~WriteBehind();

  // Starts `write` on a thread of its own as the writing of upload `id`, whose writing before was
  // settled by the caller; or runs it now, when as many are under way as may be.
  void start(std::string id, std::function<Status()> write);
  // Waits for the writing of upload `id`, if one is under way, and answers how it went (a success
  // when there was none).
  Status settle(std::string_view id);

 private:
  const int mostAtOnce_;
  std::atomic<int> underWay_ = 0;
  std::mutex mutex_;
  std::map<std::string, std::future<Status>, std::less<>> writing_;
};

}  // namespace dossier::uploads
