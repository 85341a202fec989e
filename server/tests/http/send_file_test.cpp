#include "http/send_file.hpp"

#include <fcntl.h>
#include <fstream>
#include <thread>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <gtest/gtest.h>

#include "support/temp_folder.hpp"

namespace dossier::http {
namespace {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;

// A file of `size` bytes that tell their place (so that a byte out of order shows).
std::string contentOf(std::size_t size) {
  std::string content(size, '\0');
  for (std::size_t i = 0; i < size; ++i) {
    content[i] = static_cast<char>('a' + (i / 4096 + i) % 26);
  }
  return content;
}

// The server's side: a connection accepted on the loopback, over which sendFile sends a slice of
// the file with the stall allowed; what it answered.
class Sending {
 public:
  Sending(const std::filesystem::path& file, std::uint64_t first, std::uint64_t length,
          std::chrono::seconds stalled)
      : acceptor_(io_, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0)) {
    asio::co_spawn(
        io_,
        [this, file, first, length, stalled]() -> asio::awaitable<void> {
          boost::beast::tcp_stream stream(co_await acceptor_.async_accept(asio::use_awaitable));
          const FileDescriptor source{::open(file.c_str(), O_RDONLY | O_CLOEXEC)};
          whole_ = co_await sendFile(stream, source, first, length, stalled);
          stream.socket().close();
        },
        asio::detached);
  }
  unsigned short port() const { return acceptor_.local_endpoint().port(); }
  // Runs until the sending ends; whether the whole slice went.
  bool run() {
    io_.run();
    return whole_;
  }

 private:
  asio::io_context io_;
  tcp::acceptor acceptor_;
  bool whole_ = false;
};

// Each test sends from a file of its own, of the size it holds.
class SendFileTest : public ::testing::Test {
 protected:
  void holding(std::size_t size) {
    content = contentOf(size);
    file = folder_.write("file.bin", content);
  }
  std::string content;
  std::filesystem::path file;

 private:
  testing::TempFolder folder_;
};

// A client on another thread that reads everything the server sends until it closes.
std::thread readingAll(unsigned short port, std::string& received) {
  return std::thread([port, &received] {
    asio::io_context io;
    tcp::socket socket(io);
    socket.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
    boost::system::error_code ended;
    asio::read(socket, asio::dynamic_buffer(received), ended);
  });
}

TEST_F(SendFileTest, SendsTheSliceAskedForAndNothingElse) {
  holding(3 * 1024 * 1024 + 17);
  Sending sending(file, 4096 + 5, 2 * 1024 * 1024, std::chrono::seconds(5));
  std::string received;
  auto client = readingAll(sending.port(), received);
  EXPECT_TRUE(sending.run());
  client.join();
  EXPECT_TRUE(received == content.substr(4096 + 5, 2 * 1024 * 1024)) << received.size();
}

TEST_F(SendFileTest, ASlowReaderGetsAFileThatTakesLongerThanTheStallAllowed) {
  holding(4 * 1024 * 1024);
  Sending sending(file, 0, content.size(), std::chrono::seconds(1));
  std::string received;
  const auto began = std::chrono::steady_clock::now();
  std::thread client([&] {
    asio::io_context io;
    tcp::socket socket(io);
    socket.open(tcp::v4());
    socket.set_option(asio::socket_base::receive_buffer_size(64 * 1024));
    socket.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), sending.port()));
    std::vector<char> piece(64 * 1024);
    boost::system::error_code ended;
    // A reader on a slow line: 64 KiB every 25 ms, 1.6 s for the file.
    while (!ended) {
      const auto got = socket.read_some(asio::buffer(piece), ended);
      received.append(piece.data(), got);
      std::this_thread::sleep_for(std::chrono::milliseconds(25));
    }
  });
  EXPECT_TRUE(sending.run());
  client.join();
  EXPECT_GT(std::chrono::steady_clock::now() - began, std::chrono::seconds(1))
      << "the whole took longer than one stall may";
  EXPECT_TRUE(received == content) << received.size();
}

TEST_F(SendFileTest, AReaderThatStopsIsLetGoOnceTheStallAllowedHasPassed) {
  holding(64 * 1024 * 1024);
  Sending sending(file, 0, content.size(), std::chrono::seconds(1));
  asio::io_context io;
  tcp::socket socket(io);
  socket.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), sending.port()));
  EXPECT_FALSE(sending.run()) << "a client that takes nothing more does not hold the server";
}

TEST_F(SendFileTest, AFileShorterThanPromisedEndsTheConnection) {
  holding(1000);
  Sending sending(file, 0, 5000, std::chrono::seconds(5));
  std::string received;
  auto client = readingAll(sending.port(), received);
  EXPECT_FALSE(sending.run());
  client.join();
}

}  // namespace
}  // namespace dossier::http
