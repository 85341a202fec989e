#include "http/answer_now.hpp"

#include <fcntl.h>
#include <future>
#include <poll.h>
#include <string>
#include <sys/socket.h>
#include <unistd.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http.hpp>
#include <gtest/gtest.h>

#include "http/running_server.hpp"

namespace dossier::http {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace bhttp = beast::http;

// Two connected sockets: the server's end, written with sendNow, and the client's.
class SocketPair {
 public:
  SocketPair() { EXPECT_EQ(::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends_), 0); }
  ~SocketPair() {
    closeClient();
    ::close(ends_[0]);
  }
  int server() const { return ends_[0]; }
  int client() const { return ends_[1]; }
  void closeClient() {
    if (ends_[1] >= 0) {
      ::close(ends_[1]);
      ends_[1] = -1;
    }
  }

 private:
  int ends_[2] = {-1, -1};
};

bhttp::response<bhttp::string_body> answerOf(std::string body) {
  bhttp::response<bhttp::string_body> message{bhttp::status::ok, 11};
  message.set(bhttp::field::content_type, "application/json");
  message.body() = std::move(body);
  message.prepare_payload();
  return message;
}

// Everything the client's end receives until the server's end is closed.
std::string readAll(int fd) {
  std::string out;
  char chunk[65536];
  for (;;) {
    const auto n = ::read(fd, chunk, sizeof chunk);
    if (n <= 0) {
      return out;
    }
    out.append(chunk, static_cast<std::size_t>(n));
  }
}

// The answer the bytes hold, as a client reads it.
bhttp::response<bhttp::string_body> parsed(const std::string& bytes) {
  bhttp::response_parser<bhttp::string_body> parser;
  parser.body_limit(boost::none);
  parser.eager(true);
  beast::error_code ec;
  parser.put(asio::buffer(bytes), ec);
  EXPECT_FALSE(ec) << ec.message();
  EXPECT_TRUE(parser.is_done());
  return parser.release();
}

TEST(AnswerNow, AnAnswerTheSocketTakesAtOnceIsSentWhole) {
  SocketPair sockets;
  auto message = answerOf(R"({"searchResult":[]})");
  StringSerializer serializer(message);
  EXPECT_EQ(sendNow(sockets.server(), serializer), SentNow::All);
  EXPECT_TRUE(serializer.is_done());
  ::shutdown(sockets.server(), SHUT_WR);
  const auto answer = parsed(readAll(sockets.client()));
  EXPECT_EQ(answer.result(), bhttp::status::ok);
  EXPECT_EQ(answer[bhttp::field::content_type], "application/json");
  EXPECT_EQ(answer.body(), R"({"searchResult":[]})");
}

TEST(AnswerNow, ALargerAnswerIsSentAsFarAsTheSocketTakesAndTheRestLater) {
  SocketPair sockets;
  const std::string body(8 * 1024 * 1024, 'x');
  auto message = answerOf(body);
  StringSerializer serializer(message);
  // Nobody reads yet: the socket takes what fits and no more, without waiting.
  ASSERT_EQ(sendNow(sockets.server(), serializer), SentNow::Part);
  EXPECT_FALSE(serializer.is_done());
  auto received = std::async(std::launch::async, [&] { return readAll(sockets.client()); });
  // The rest with the same serializer, as the connection's asynchronous write goes on with it.
  auto sent = SentNow::Part;
  while (sent == SentNow::Part) {
    pollfd writable{sockets.server(), POLLOUT, 0};
    ASSERT_EQ(::poll(&writable, 1, 10'000), 1);
    sent = sendNow(sockets.server(), serializer);
  }
  EXPECT_EQ(sent, SentNow::All);
  ::shutdown(sockets.server(), SHUT_WR);
  const auto answer = parsed(received.get());
  EXPECT_EQ(answer.body().size(), body.size());
  EXPECT_EQ(answer.body(), body);
}

TEST(AnswerNow, AClientThatWentIsAFailureNotASignal) {
  SocketPair sockets;
  sockets.closeClient();
  auto message = answerOf("{}");
  StringSerializer serializer(message);
  // MSG_NOSIGNAL: EPIPE, where a plain write would end the process with SIGPIPE.
  EXPECT_EQ(sendNow(sockets.server(), serializer), SentNow::Failed);
}

// Answers every request on a worker with a body of the size its path asks for.
class SizedAnswers : public testing::TestApplication {
 public:
  Plan plan(const Request&) override {
    Plan plan;
    plan.offload = true;
    return plan;
  }
  Response handle(Request& request, const Plan&) noexcept override {
    Response response;
    // Large ones of 'a', small ones of 'b': which answer came is seen in its bytes.
    const auto size = std::stoul(request.path.substr(1));
    response.body = std::string(size, size > 1024 ? 'a' : 'b');
    return response;
  }
};

TEST(AnswerNow, AServersLargeAnswerAndTheNextOnTheConnectionArriveWholeAndInOrder) {
  SizedAnswers application;
  ServerOptions options;
  options.port = 0;
  options.workers = 2;
  options.shutdownGrace = std::chrono::seconds(5);
  const testing::RunningServer server(options, application);
  const auto port = server.port;
  {
    asio::io_context context;
    asio::ip::tcp::socket socket(context);
    socket.connect({asio::ip::make_address("127.0.0.1"), port});
    // Both asked before either is read: the first answer (16 MiB) is more than the socket takes
    // at once, and the second must wait for its end.
    for (const auto* path : {"/16777216", "/12"}) {
      bhttp::request<bhttp::empty_body> request{bhttp::verb::get, path, 11};
      request.set(bhttp::field::host, "127.0.0.1");
      bhttp::write(socket, request);
    }
    beast::flat_buffer buffer;
    bhttp::response_parser<bhttp::string_body> first;
    first.body_limit(boost::none);
    bhttp::read(socket, buffer, first);
    EXPECT_EQ(first.get().body(), std::string(16777216, 'a'));
    bhttp::response<bhttp::string_body> second;
    bhttp::read(socket, buffer, second);
    EXPECT_EQ(second.body(), std::string(12, 'b'));
  }
}

}  // namespace
}  // namespace dossier::http
