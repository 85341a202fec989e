#include "http/send_file.hpp"

#include <fcntl.h>
#include <fstream>
#include <thread>

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <gtest/gtest.h>

#include "http/sent_bytes.hpp"
#include "support/temp_folder.hpp"

namespace dossier::http {
namespace {

namespace asio = boost::asio;
using sent::contentOf;
using sent::readingAll;
using tcp = asio::ip::tcp;

// The server's side: sendFile sends a slice of the file with the stall allowed.
sent::Sending sendingFile(const std::filesystem::path& file, std::uint64_t first,
                          std::uint64_t length, std::chrono::seconds stalled) {
  return sent::Sending(
      [file, first, length, stalled](boost::beast::tcp_stream& stream) -> asio::awaitable<bool> {
        static asio::thread_pool readers(2);
        const FileDescriptor source{::open(file.c_str(), O_RDONLY | O_CLOEXEC)};
        co_return co_await sendFile(stream, source, first, length, readers, stalled);
      });
}

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

TEST_F(SendFileTest, SendsTheSliceAskedForAndNothingElse) {
  holding(3 * 1024 * 1024 + 17);
  auto sending = sendingFile(file, 4096 + 5, 2 * 1024 * 1024, std::chrono::seconds(5));
  std::string received;
  auto client = readingAll(sending.port(), received);
  EXPECT_TRUE(sending.run());
  client.join();
  EXPECT_TRUE(received == content.substr(4096 + 5, 2 * 1024 * 1024)) << received.size();
}

// Sent a window at a time, each read into the page cache while the one before is sent: a slice
// from an odd place over several windows, ending inside the last, arrives whole and in order.
TEST_F(SendFileTest, ASliceOverSeveralWindowsArrivesWholeAndInOrder) {
  holding(21 * 1024 * 1024 + 333);
  const std::uint64_t first = 8 * 1024 * 1024 - 7;
  const std::uint64_t length = content.size() - first - 100;
  auto sending = sendingFile(file, first, length, std::chrono::seconds(5));
  std::string received;
  auto client = readingAll(sending.port(), received);
  EXPECT_TRUE(sending.run());
  client.join();
  EXPECT_TRUE(received == content.substr(first, length)) << received.size();
}

TEST_F(SendFileTest, ASlowReaderGetsAFileThatTakesLongerThanTheStallAllowed) {
  holding(4 * 1024 * 1024);
  auto sending = sendingFile(file, 0, content.size(), std::chrono::seconds(1));
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
  auto sending = sendingFile(file, 0, content.size(), std::chrono::seconds(1));
  asio::io_context io;
  tcp::socket socket(io);
  socket.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), sending.port()));
  EXPECT_FALSE(sending.run()) << "a client that takes nothing more does not hold the server";
}

TEST_F(SendFileTest, AFileShorterThanPromisedEndsTheConnection) {
  holding(1000);
  auto sending = sendingFile(file, 0, 5000, std::chrono::seconds(5));
  std::string received;
  auto client = readingAll(sending.port(), received);
  EXPECT_FALSE(sending.run());
  client.join();
}

}  // namespace
}  // namespace dossier::http
