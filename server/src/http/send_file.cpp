#include "http/send_file.hpp"

#include <cerrno>
#include <sys/sendfile.h>
#include <unistd.h>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>

namespace dossier::http {

namespace asio = boost::asio;

namespace {

constexpr auto awaitTuple = asio::as_tuple(asio::use_awaitable);
// sendfile moves at most this much in a call (Linux's own limit, about 2 GiB).
constexpr std::uint64_t kMostPerCall = 0x7ffff000;

}  // namespace

asio::awaitable<bool> sendFile(boost::beast::tcp_stream& stream, const FileDescriptor& source,
                               std::uint64_t first, std::uint64_t length,
                               std::chrono::seconds stalled) {
  auto& socket = stream.socket();
  boost::system::error_code ignored;
  socket.native_non_blocking(true, ignored);
  auto at = static_cast<off_t>(first);
  std::uint64_t remaining = length;
  asio::steady_timer deadline(socket.get_executor());
  while (remaining > 0) {
    const auto sent = ::sendfile(socket.native_handle(), source.value, &at,
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

}  // namespace dossier::http
