#include "http/send_file.hpp"

#include <algorithm>
#include <cerrno>
#include <sys/sendfile.h>
#include <unistd.h>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/deferred.hpp>
#include <boost/asio/experimental/parallel_group.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>

#include "core/page_cache.hpp"

namespace dossier::http {

namespace asio = boost::asio;

namespace {

constexpr auto awaitTuple = asio::as_tuple(asio::use_awaitable);
// sendfile moves at most this much in a call (Linux's own limit, about 2 GiB).
constexpr std::uint64_t kMostPerCall = 0x7ffff000;

// The file is sent a window at a time, the next window read into the page cache on a reader
// while this one is sent: sendfile on a page the disk has not read yet waits for the disk on the
// I/O thread, and every other connection of that thread with it. 8 MiB, the disk's read-ahead here.
constexpr std::uint64_t kWindow = 8 << 20;

asio::awaitable<void> readWindow(int source, std::uint64_t at, std::uint64_t length) {
  readIntoPageCache(source, at, length);
  co_return;
}

// Sends [first, first + length) of the file by sendfile on the stream's non-blocking socket.
asio::awaitable<bool> sendRange(boost::beast::tcp_stream& stream, int source, std::uint64_t first,
                                std::uint64_t length, std::chrono::seconds stalled) {
  auto& socket = stream.socket();
  auto at = static_cast<off_t>(first);
  std::uint64_t remaining = length;
  asio::steady_timer deadline(socket.get_executor());
  while (remaining > 0) {
    const auto sent = ::sendfile(socket.native_handle(), source, &at,
                                 static_cast<std::size_t>(std::min(remaining, kMostPerCall)));
    if (sent > 0) {
      remaining -= static_cast<std::uint64_t>(sent);
      continue;
    }
    if (sent == 0) {
      co_return false;  // the file is shorter than it was
    }
    if (errno == EINTR) {
      continue;
    }
    if (errno != EAGAIN && errno != EWOULDBLOCK) {
      co_return false;
    }
    // The socket is full: wait until the client takes some, for as long as a stalled client is
    // allowed.
    deadline.expires_after(stalled);
    deadline.async_wait([&socket](const boost::system::error_code& error) {
      if (!error) {
        boost::system::error_code ignoredToo;
        socket.cancel(ignoredToo);
      }
    });
    auto [error] = co_await socket.async_wait(asio::socket_base::wait_write, awaitTuple);
    deadline.cancel();
    if (error) {
      co_return false;
    }
  }
  co_return true;
}

}  // namespace

asio::awaitable<bool> sendFile(boost::beast::tcp_stream& stream, const FileDescriptor& source,
                               std::uint64_t first, std::uint64_t length,
                               asio::thread_pool& readers, std::chrono::seconds stalled) {
  boost::system::error_code ignored;
  stream.socket().native_non_blocking(true, ignored);
  const auto end = first + length;
  const auto windowFrom = [end](std::uint64_t at) { return std::min(kWindow, end - at); };
  // Asked on this thread, as it never waits: a window already in the cache (a file read a moment
  // ago, every asset of the web app) is sent without a hand-off.
  const auto cached = [&](std::uint64_t at) {
    return inPageCache(source.value, at, windowFrom(at));
  };
  std::uint64_t at = first;
  if (at < end && !cached(at)) {
    co_await asio::co_spawn(readers, readWindow(source.value, at, windowFrom(at)),
                            asio::use_awaitable);
  }
  while (at < end) {
    const auto size = windowFrom(at);
    const auto next = at + size;
    bool sent = false;
    if (next < end && !cached(next)) {
      // Both to their end (wait_for_all): the reading uses the file this frame holds open.
      auto [order, sendError, sentWhole, readError] =
          co_await asio::experimental::make_parallel_group(
              asio::co_spawn(stream.get_executor(),
                             sendRange(stream, source.value, at, size, stalled), asio::deferred),
              asio::co_spawn(readers, readWindow(source.value, next, windowFrom(next)),
                             asio::deferred))
              .async_wait(asio::experimental::wait_for_all(), asio::use_awaitable);
      sent = !sendError && sentWhole;
    } else {
      sent = co_await sendRange(stream, source.value, at, size, stalled);
    }
    if (!sent) {
      co_return false;
    }
    at = next;
  }
  co_return true;
}

}  // namespace dossier::http
