// dossier-latency-client: the benches' measuring client (bench/http-latency.mjs runs it). Each
// client is a thread with one kept-alive connection, sending one call at a time as raw HTTP/1.1
// and timing it from the request's first byte written to the answer's last byte read. It costs
// about twenty microseconds a call, as wrk does; the Node client it replaces cost 160, on the two
// cores the server it measured had to share with it.
//
// Usage: dossier-latency-client <host> <port> <clients> <rounds> <warm-up rounds> < calls
// Standard input: the session token on the first line (may be empty), then one call a line:
// METHOD, a space, the path, and optionally a space and the JSON body.
// Standard output: {"times":[[ms, …], …],"last":[answer, …]}: each call's times by every client
// after the warm-up rounds, and client 0's last answer to it, the server's JSON as it came. Any
// answer but 200 stops the run with the answer on standard error and exit status 1.
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <latch>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <optional>
#include <string>
#include <string_view>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace {

struct Call {
  std::string path;
  std::string request;  // the whole request as sent
};

struct Settings {
  std::string host;
  std::string port;
  int clients = 4;
  int rounds = 30;
  int warmUp = 1;
};

struct Answer {
  int status = 0;
  std::string body;
};

[[noreturn]] void fail(const std::string& message) {
  std::cerr << "dossier-latency-client: " << message << "\n";
  std::exit(2);
}

int connectTo(const Settings& settings) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  if (getaddrinfo(settings.host.c_str(), settings.port.c_str(), &hints, &found) != 0) {
    fail("cannot resolve " + settings.host);
  }
  int socket = -1;
  for (auto* address = found; address != nullptr && socket < 0; address = address->ai_next) {
    socket = ::socket(address->ai_family, address->ai_socktype, address->ai_protocol);
    if (socket >= 0 && ::connect(socket, address->ai_addr, address->ai_addrlen) != 0) {
      ::close(socket);
      socket = -1;
    }
  }
  freeaddrinfo(found);
  if (socket < 0) {
    fail("cannot connect to " + settings.host + ":" + settings.port + ": " + std::strerror(errno));
  }
  const int on = 1;
  ::setsockopt(socket, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
  return socket;
}

// One connection, one call at a time; answers must carry Content-Length (the API's do).
class Connection {
 public:
  explicit Connection(const Settings& settings) : socket_(connectTo(settings)) {}
  ~Connection() { ::close(socket_); }
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  Answer call(const std::string& request) {
    for (std::size_t sent = 0; sent < request.size();) {
      const auto n = ::send(socket_, request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
      if (n <= 0) {
        fail(std::string("the server closed the connection: ") + std::strerror(errno));
      }
      sent += static_cast<std::size_t>(n);
    }
    std::size_t headerEnd;
    while ((headerEnd = buffer_.find("\r\n\r\n")) == std::string::npos) {
      receive();
    }
    Answer answer;
    const std::string_view head(buffer_.data(), headerEnd);
    if (head.size() < 12) {
      fail("a malformed answer: " + std::string(head));
    }
    std::from_chars(head.data() + 9, head.data() + 12, answer.status);
    const auto length = contentLength(head);
    if (!length) {
      fail("an answer without Content-Length: " + std::string(head.substr(0, head.find('\r'))));
    }
    const auto end = headerEnd + 4 + *length;
    while (buffer_.size() < end) {
      receive();
    }
    answer.body = buffer_.substr(headerEnd + 4, *length);
    buffer_.erase(0, end);
    return answer;
  }

 private:
  void receive() {
    char chunk[64 * 1024];
    const auto n = ::recv(socket_, chunk, sizeof chunk, 0);
    if (n <= 0) {
      fail("the server closed the connection");
    }
    buffer_.append(chunk, static_cast<std::size_t>(n));
  }

  static std::optional<std::size_t> contentLength(std::string_view head) {
    constexpr std::string_view kName = "\r\ncontent-length:";
    for (std::size_t at = head.find("\r\n"); at != std::string_view::npos;
         at = head.find("\r\n", at + 2)) {
      if (head.size() - at < kName.size() ||
          !std::equal(
              kName.begin(), kName.end(), head.begin() + static_cast<long>(at),
              [](char a, char b) { return a == std::tolower(static_cast<unsigned char>(b)); })) {
        continue;
      }
      auto value = head.substr(at + kName.size());
      value.remove_prefix(std::min(value.find_first_not_of(' '), value.size()));
      std::size_t length = 0;
      if (std::from_chars(value.data(), value.data() + value.size(), length).ec == std::errc{}) {
        return length;
      }
    }
    return std::nullopt;
  }

  int socket_;
  std::string buffer_;
};

std::vector<Call> readCalls(const Settings& settings) {
  std::string token;
  std::getline(std::cin, token);
  std::vector<Call> calls;
  for (std::string line; std::getline(std::cin, line);) {
    if (line.empty()) {
      continue;
    }
    const auto afterMethod = line.find(' ');
    if (afterMethod == std::string::npos) {
      fail("a call without a path: " + line);
    }
    const auto afterPath = line.find(' ', afterMethod + 1);
    Call call;
    call.path = line.substr(afterMethod + 1, afterPath - afterMethod - 1);
    const auto body = afterPath == std::string::npos ? std::string() : line.substr(afterPath + 1);
    call.request = line.substr(0, afterMethod) + " " + call.path +
                   " HTTP/1.1\r\nHost: " + settings.host + ":" + settings.port + "\r\n";
    if (!token.empty()) {
      call.request += "X-Session-Token: " + token + "\r\n";
    }
    if (!body.empty()) {
      call.request +=
          "Content-Type: application/json\r\nContent-Length: " + std::to_string(body.size()) +
          "\r\n";
    }
    call.request += "\r\n" + body;
    calls.push_back(std::move(call));
  }
  return calls;
}

struct ClientResult {
  std::vector<std::vector<double>> times;  // by call
  std::vector<std::string> last;           // by call
};

// Every call `rounds` times, starting at a different place in the list for each client.
void runClient(const Settings& settings, const std::vector<Call>& calls, int client,
               std::latch& ready, ClientResult& result) {
  Connection connection(settings);
  result.times.resize(calls.size());
  result.last.resize(calls.size());
  ready.arrive_and_wait();
  for (int round = 0; round < settings.rounds; ++round) {
    for (std::size_t i = 0; i < calls.size(); ++i) {
      const auto index = (i + static_cast<std::size_t>(client) * 3) % calls.size();
      const auto started = std::chrono::steady_clock::now();
      auto answer = connection.call(calls[index].request);
      const std::chrono::duration<double, std::milli> took =
          std::chrono::steady_clock::now() - started;
      if (answer.status != 200) {
        std::cerr << calls[index].path << " answered " << answer.status << ": " << answer.body
                  << "\n";
        std::exit(1);
      }
      if (round >= settings.warmUp) {
        result.times[index].push_back(took.count());
      }
      if (round == settings.rounds - 1) {
        result.last[index] = std::move(answer.body);
      }
    }
  }
}

int positive(const char* text, const char* what, int least) {
  int value = 0;
  const std::string_view view(text);
  if (std::from_chars(view.data(), view.data() + view.size(), value).ec != std::errc{} ||
      value < least) {
    fail(std::string(what) + " must be a whole number of at least " + std::to_string(least));
  }
  return value;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 6) {
    fail("usage: dossier-latency-client <host> <port> <clients> <rounds> <warm-up rounds> < calls");
  }
  Settings settings{argv[1], argv[2], positive(argv[3], "clients", 1),
                    positive(argv[4], "rounds", 1), positive(argv[5], "warm-up rounds", 0)};
  if (settings.warmUp >= settings.rounds) {
    fail("the warm-up rounds must be fewer than the rounds");
  }
  const auto calls = readCalls(settings);
  if (calls.empty()) {
    fail("no calls on standard input");
  }
  std::vector<ClientResult> results(static_cast<std::size_t>(settings.clients));
  std::latch ready(settings.clients);
  std::vector<std::thread> threads;
  for (int client = 0; client < settings.clients; ++client) {
    threads.emplace_back(runClient, std::cref(settings), std::cref(calls), client, std::ref(ready),
                         std::ref(results[static_cast<std::size_t>(client)]));
  }
  for (auto& thread : threads) {
    thread.join();
  }
  std::string out = "{\"times\":[";
  char number[32];
  for (std::size_t i = 0; i < calls.size(); ++i) {
    out += i == 0 ? "[" : ",[";
    bool first = true;
    for (const auto& result : results) {
      for (const double ms : result.times[i]) {
        const auto written = std::snprintf(number, sizeof number, "%s%.4f", first ? "" : ",", ms);
        out.append(number, static_cast<std::size_t>(written));
        first = false;
      }
    }
    out += "]";
  }
  out += "],\"last\":[";
  for (std::size_t i = 0; i < calls.size(); ++i) {
    out += (i == 0 ? "" : ",") + results.front().last[i];
  }
  out += "]}\n";
  std::fwrite(out.data(), 1, out.size(), stdout);
  return 0;
}
