#include "http/answer_now.hpp"

#include <array>
#include <cerrno>
#include <sys/socket.h>
#include <sys/uio.h>

#include <boost/beast/core/buffers_range.hpp>

namespace dossier::http {

SentNow sendNow(int fd, StringSerializer& serializer) {
  namespace beast = boost::beast;
  while (!serializer.is_done()) {
    std::size_t sent = 0;
    bool full = false;
    beast::error_code ec;
    serializer.next(ec, [&](beast::error_code& failure, const auto& buffers) {
      // A header and a body: two pieces, or a few more for a header Beast keeps in parts.
      std::array<iovec, 16> pieces{};
      std::size_t count = 0;
      for (const auto buffer : beast::buffers_range_ref(buffers)) {
        if (count == pieces.size()) {
          break;
        }
        pieces[count++] = {const_cast<void*>(buffer.data()), buffer.size()};
      }
      msghdr message{};
      message.msg_iov = pieces.data();
      message.msg_iovlen = count;
      for (;;) {
        const auto written = ::sendmsg(fd, &message, MSG_DONTWAIT | MSG_NOSIGNAL);
        if (written >= 0) {
          sent = static_cast<std::size_t>(written);
          return;
        }
        if (errno == EINTR) {
          continue;
        }
        if (errno == EAGAIN || errno == EWOULDBLOCK) {
          full = true;
        } else {
          failure = beast::error_code(errno, boost::system::system_category());
        }
        return;
      }
    });
    if (ec) {
      return SentNow::Failed;
    }
    if (full) {
      return SentNow::Part;
    }
    serializer.consume(sent);
  }
  return SentNow::All;
}

}  // namespace dossier::http
