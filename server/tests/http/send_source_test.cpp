#include "http/send_source.hpp"

#include <atomic>
#include <cstring>
#include <stdexcept>
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

namespace dossier::http {
namespace {

namespace asio = boost::asio;
using sent::contentOf;
using sent::readingAll;
using tcp = asio::ip::tcp;

// Content in memory, read as a store in a database would be: at most `pieceLimit` bytes a call,
// failing from `failAt` on, and noting the threads it was read on.
class MemorySource final : public BodySource {
 public:
  explicit MemorySource(std::string content) : content_(std::move(content)) {}

  std::size_t read(std::uint64_t offset, std::span<char> into) override {
    ++reads;
    readOnIoThread = readOnIoThread || std::this_thread::get_id() == ioThread;
    if (offset >= failAt) {
      throw std::runtime_error("the database went away");
    }
    if (offset >= content_.size()) {
      return 0;
    }
    const auto count = std::min({into.size(), content_.size() - offset, pieceLimit});
    std::memcpy(into.data(), content_.data() + offset, count);
    return count;
  }

  std::uint64_t failAt = std::numeric_limits<std::uint64_t>::max();
  std::size_t pieceLimit = std::numeric_limits<std::size_t>::max();
  std::thread::id ioThread;
  std::atomic<int> reads{0};
  std::atomic<bool> readOnIoThread{false};

 private:
  std::string content_;
};

// The server's side: sendSource sends a slice of the source, reading it on a pool of its own.
class Sending {
 public:
  Sending(std::shared_ptr<MemorySource> source, std::uint64_t first, std::uint64_t length)
      : sending_([this, source, first,
                  length](boost::beast::tcp_stream& stream) -> asio::awaitable<bool> {
          source->ioThread = std::this_thread::get_id();
          co_return co_await sendSource(stream, source, first, length, readers_,
                                        std::chrono::seconds(5));
        }) {}
  ~Sending() { readers_.join(); }
  unsigned short port() const { return sending_.port(); }
  bool run() { return sending_.run(); }

 private:
  asio::thread_pool readers_{2};
  sent::Sending sending_;
};

TEST(SendSource, SendsTheSliceAskedForReadOnTheReadersPoolNotTheIoThread) {
  const auto content = contentOf(5 * 1024 * 1024 + 17);
  auto source = std::make_shared<MemorySource>(content);
  source->pieceLimit = 300 * 1024;  // a read may give less than asked
  Sending sending(source, 4096 + 5, 4 * 1024 * 1024);
  std::string received;
  auto client = readingAll(sending.port(), received);
  EXPECT_TRUE(sending.run());
  client.join();
  EXPECT_TRUE(received == content.substr(4096 + 5, 4 * 1024 * 1024)) << received.size();
  EXPECT_FALSE(source->readOnIoThread) << "a read may wait on a database";
}

TEST(SendSource, AnEmptySliceSendsNothingAndReadsNothing) {
  auto source = std::make_shared<MemorySource>("some content");
  Sending sending(source, 0, 0);
  std::string received;
  auto client = readingAll(sending.port(), received);
  EXPECT_TRUE(sending.run());
  client.join();
  EXPECT_EQ(received, "");
  EXPECT_EQ(source->reads, 0);
}

TEST(SendSource, ASourceThatFailsHalfWayEndsTheConnectionWithWhatWentBefore) {
  const auto content = contentOf(4 * 1024 * 1024);
  auto source = std::make_shared<MemorySource>(content);
  source->failAt = 2 * 1024 * 1024;
  Sending sending(source, 0, content.size());
  std::string received;
  auto client = readingAll(sending.port(), received);
  EXPECT_FALSE(sending.run());
  client.join();
  EXPECT_TRUE(received == content.substr(0, 2 * 1024 * 1024)) << received.size();
}

TEST(SendSource, ASourceShorterThanPromisedEndsTheConnection) {
  auto source = std::make_shared<MemorySource>(contentOf(1000));
  Sending sending(source, 0, 5000);
  std::string received;
  auto client = readingAll(sending.port(), received);
  EXPECT_FALSE(sending.run());
  client.join();
  EXPECT_EQ(received.size(), 1000u);
}

TEST(SendSource, AClientThatGoesAfterTheFirstBytesEndsTheSendingAndNothingElse) {
  auto source = std::make_shared<MemorySource>(contentOf(64 * 1024 * 1024));
  Sending sending(source, 0, 64 * 1024 * 1024);
  std::thread client([port = sending.port()] {
    asio::io_context io;
    tcp::socket socket(io);
    socket.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
    std::vector<char> first(1024);
    asio::read(socket, asio::buffer(first));
    // Gone with a reset, the rest unread, while the next piece is being read.
    socket.set_option(asio::socket_base::linger(true, 0));
    socket.close();
  });
  EXPECT_FALSE(sending.run());
  client.join();
  EXPECT_LT(source->reads, 64) << "the sending stopped, not read to the end";
}

}  // namespace
}  // namespace dossier::http
