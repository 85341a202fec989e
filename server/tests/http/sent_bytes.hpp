#pragma once

#include <functional>
#include <string>
#include <thread>

#include <boost/asio/awaitable.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core/tcp_stream.hpp>

// What the tests of sending a body (send_file_test, send_source_test) share: content whose bytes
// tell their place, the server's side of one connection, and a client that reads all it is sent.
namespace dossier::http::sent {

// `size` bytes that tell their place (so that a byte out of order shows).
inline std::string contentOf(std::size_t size) {
  std::string content(size, '\0');
  for (std::size_t i = 0; i < size; ++i) {
    content[i] = static_cast<char>('a' + (i / 4096 + i) % 26);
  }
  return content;
}

// A client on another thread that reads everything the server on `port` sends until it closes.
inline std::thread readingAll(unsigned short port, std::string& received) {
  return std::thread([port, &received] {
    boost::asio::io_context io;
    boost::asio::ip::tcp::socket socket(io);
    socket.connect(
        boost::asio::ip::tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), port));
    boost::system::error_code ended;
    boost::asio::read(socket, boost::asio::dynamic_buffer(received), ended);
  });
}

// The server's side: a connection accepted on the loopback, over which `send` sends.
class Sending {
 public:
  // Sends on the accepted connection; whether all it had to send went.
  using Send = std::function<boost::asio::awaitable<bool>(boost::beast::tcp_stream&)>;

  explicit Sending(Send send)
      : acceptor_(io_,
                  boost::asio::ip::tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), 0)) {
    boost::asio::co_spawn(
        io_,
        [this, send = std::move(send)]() -> boost::asio::awaitable<void> {
          boost::beast::tcp_stream stream(
              co_await acceptor_.async_accept(boost::asio::use_awaitable));
          whole_ = co_await send(stream);
          stream.socket().close();
        },
        boost::asio::detached);
  }
  unsigned short port() const { return acceptor_.local_endpoint().port(); }
  // Runs until the sending ends; whether the whole went.
  bool run() {
    io_.run();
    return whole_;
  }

 private:
  boost::asio::io_context io_;
  boost::asio::ip::tcp::acceptor acceptor_;
  bool whole_ = false;
};

}  // namespace dossier::http::sent
