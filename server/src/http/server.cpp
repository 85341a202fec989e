#include "http/server.hpp"

#include <atomic>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <mutex>
#include <sys/resource.h>
#include <unordered_map>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <spdlog/spdlog.h>

#include "core/crypto.hpp"
#include "core/logging.hpp"
#include "core/thread_priority.hpp"
#include "http/answer_now.hpp"
#include "http/application.hpp"
#include "http/errors.hpp"
#include "http/forwarded_for.hpp"
#include "http/io_threads.hpp"
#include "http/security_headers.hpp"
#include "http/send_file.hpp"
#include "http/send_source.hpp"
#include "http/websocket_session.hpp"
#include "http/worker_load.hpp"
#include "metrics/registry.hpp"

namespace dossier::http {

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace bhttp = beast::http;
using tcp = asio::ip::tcp;
using Clock = std::chrono::steady_clock;
constexpr auto awaitTuple = asio::as_tuple(asio::use_awaitable);
// A body this large makes its handler heavy work whatever its route (parsing, sanitizing).
constexpr std::size_t kLargeBody = 64 * 1024;

struct Connection {
  Connection(tcp::socket socket, std::string address)
      : stream(std::move(socket)), address(std::move(address)) {}
  beast::tcp_stream stream;
  const std::string address;
  // Waiting for the next request, and since when: the accept loop reads these to choose which
  // idle connection to close when a limit is reached.
  std::atomic<bool> idle{false};
  std::atomic<Clock::rep> idleSince{0};
  // Set while the connection is an open WebSocket: what closes it when the server stops. Only
  // touched on the stream's executor.
  std::function<void()> stopSocket;
};

// Windows of files being read from the disk at once, for each I/O thread: what a disk takes
// usefully at once; more would only queue in it.
constexpr unsigned kFileReadersPerIoThread = 2;

// What every connection shares: the options, the application, the worker pool and the list of
// open connections that a shutdown must wait for and that the connection limits count.
class Hub {
 public:
  Hub(const ServerOptions& options, Application& application, unsigned workers,
      unsigned heavyWorkers, unsigned searchers, unsigned quickWorkers, std::size_t maxConnections)
      : options(options),
        application(application),
        workers(workers),
        heavyWorkers(heavyWorkers),
        searchers(searchers),
        searcherCount(searchers),
        quickWorkers(quickWorkers),
        fileReaders(std::max(1u, options.threads) * kFileReadersPerIoThread),
        workerLoad("ordinary", workers),
        heavyWorkerLoad("heavy", heavyWorkers),
        searcherLoad("search", searchers),
        quickWorkerLoad("quick", quickWorkers),
        unrouted(metrics::processRegistry(), "OTHER", "(unrouted)"),
        maxConnections_(maxConnections),
        open_(metrics::processRegistry()
                  .gauge("dossier_http_connections", "Open HTTP and WebSocket connections.")
                  .with({})) {}

  const ServerOptions& options;
  Application& application;
  asio::thread_pool workers;
  asio::thread_pool heavyWorkers;
  asio::thread_pool searchers;
  const unsigned searcherCount;
  // Searches handed to the searchers and not yet begun (ServerOptions::searchers).
  std::atomic<unsigned> searchesWaiting{0};
  asio::thread_pool quickWorkers;
  // Threads that read the files being sent into the page cache (send_file.hpp), apart from the
  // workers: downloads from a slow disk wait for each other there, never hold a handler's thread.
  asio::thread_pool fileReaders;
  WorkerLoad workerLoad;
  WorkerLoad heavyWorkerLoad;
  WorkerLoad searcherLoad;
  WorkerLoad quickWorkerLoad;
  // Requests refused before a route was chosen (malformed HTTP, headers too large).
  RouteMetrics unrouted;
  std::atomic<bool> stopping{false};

  // Makes room for a new connection from `address`: where a limit is reached (all connections,
  // or this address's), the connection idle longest (of this address, for its limit) is closed
  // for it. False when nothing is idle: the new connection is refused.
  bool admit(const std::string& address) {
    std::shared_ptr<Connection> victim;
    {
      std::lock_guard lock(mutex_);
      const auto found = perAddress_.find(address);
      const bool addressFull = found != perAddress_.end() &&
                               found->second >= options.maxConnectionsPerAddress &&
                               !isTrusted(address, options.trustedProxies);
      if (!addressFull && connections_.size() < maxConnections_) {
        return true;
      }
      for (auto& [key, weak] : connections_) {
        auto candidate = weak.lock();
        if (!candidate || !candidate->idle || (addressFull && candidate->address != address)) {
          continue;
        }
        if (!victim || candidate->idleSince < victim->idleSince) {
          victim = std::move(candidate);
        }
      }
      bool wasIdle = true;
      if (!victim || !victim->idle.compare_exchange_strong(wasIdle, false)) {
        return false;
      }
    }
    asio::post(victim->stream.get_executor(), [victim] { victim->stream.cancel(); });
    return true;
  }

  void add(const std::shared_ptr<Connection>& connection) {
    std::lock_guard lock(mutex_);
    connections_.emplace(connection.get(), connection);
    ++perAddress_[connection->address];
    open_.increment();
  }

  void remove(Connection* connection) {
    std::function<void()> drained;
    {
      std::lock_guard lock(mutex_);
      if (connections_.erase(connection) == 0) {
        return;
      }
      open_.decrement();
      if (const auto found = perAddress_.find(connection->address);
          found != perAddress_.end() && --found->second == 0) {
        perAddress_.erase(found);
      }
      if (stopping && connections_.empty()) {
        drained = onDrained_;
      }
    }
    if (drained) {
      drained();
    }
  }

  // Called once a stop was asked for: idle connections close now, busy ones after their response.
  void beginStop(std::function<void()> onDrained) {
    std::vector<std::shared_ptr<Connection>> open;
    {
      std::lock_guard lock(mutex_);
      stopping = true;
      onDrained_ = std::move(onDrained);
      for (auto& [key, weak] : connections_) {
        if (auto connection = weak.lock()) {
          open.push_back(std::move(connection));
        }
      }
      if (connections_.empty()) {
        asio::post(workers, onDrained_);
      }
    }
    for (auto& connection : open) {
      asio::post(connection->stream.get_executor(), [connection] {
        if (connection->stopSocket) {
          connection->stopSocket();
        } else if (connection->idle) {
          connection->stream.cancel();
        }
      });
    }
  }

 private:
  std::size_t maxConnections_;
  std::mutex mutex_;
  std::unordered_map<Connection*, std::weak_ptr<Connection>> connections_;
  std::unordered_map<std::string, std::size_t> perAddress_;
  std::function<void()> onDrained_;
  metrics::Gauge& open_;
};

template <class Header>
void fillRequest(const Header& header, Request& request) {
  request.method = std::string(header.method_string());
  request.headers.clear();
  for (const auto& field : header) {
    std::string name(field.name_string());
    for (auto& c : name) {
      if (c >= 'A' && c <= 'Z') {
        c = static_cast<char>(c + 32);
      }
    }
    request.headers.emplace_back(std::move(name), std::string(field.value()));
  }
  const auto given = request.header("x-correlation-id");
  request.correlationId = given && isCorrelationIdSafe(*given) ? std::string(*given) : randomHex(8);
}

void finishHeaders(Response& response, const Request& request) {
  applySecurityHeaders(response);
  if (!request.correlationId.empty()) {
    response.setHeader("X-Correlation-Id", request.correlationId);
  }
}

template <class Message>
void copyHeaders(const Response& response, Message& message) {
  for (const auto& [name, value] : response.headers) {
    message.insert(name, value);
  }
}

bool statusHasBody(int status) {
  return status >= 200 && status != 204 && status != 304;
}

// The answer as one message, its body in it (moved from the response), or only its length for
// HEAD.
bhttp::response<bhttp::string_body> messageOf(Response& response, bool head, bool keepAlive,
                                              unsigned version) {
  bhttp::response<bhttp::string_body> message{static_cast<bhttp::status>(response.status), version};
  copyHeaders(response, message);
  message.keep_alive(keepAlive);
  if (statusHasBody(response.status)) {
    const auto length = response.file || response.source ? response.fileSize : response.body.size();
    if (!head) {
      message.body() = std::move(response.body);
    }
    message.content_length(length);
  }
  return message;
}

// An answer the thread that made it began to send (sendNow): the message, what is left of it, and
// whether the connection stays open after it. Not moved once made: the serializer refers to the
// message.
struct Answering {
  Answering(bhttp::response<bhttp::string_body> made, bool keepAlive)
      : message(std::move(made)), serializer(message), keepAlive(keepAlive) {}
  Answering(const Answering&) = delete;
  Answering& operator=(const Answering&) = delete;

  bhttp::response<bhttp::string_body> message;
  StringSerializer serializer;
  SentNow sent = SentNow::Part;
  const bool keepAlive;
};

// The header of an answer whose body (fileSize bytes) is sent apart after it; false when the
// connection can no longer be used.
asio::awaitable<bool> writeHeaderAlone(beast::tcp_stream& stream, const Response& response,
                                       bool keepAlive, unsigned version) {
  bhttp::response<bhttp::empty_body> header{static_cast<bhttp::status>(response.status), version};
  copyHeaders(response, header);
  header.keep_alive(keepAlive);
  header.content_length(response.fileSize);
  auto [headerError, written] = co_await bhttp::async_write(stream, header, awaitTuple);
  co_return !headerError;
}

// Sends the response; false when the connection can no longer be used.
asio::awaitable<bool> writeResponse(beast::tcp_stream& stream, const Request& request,
                                    Response& response, bool keepAlive, unsigned version,
                                    std::chrono::seconds timeout, asio::thread_pool& readers,
                                    asio::thread_pool& fileReaders) {
  finishHeaders(response, request);
  const bool head = request.method == "HEAD";
  stream.expires_after(timeout);
  if (response.source && !response.file && !head && statusHasBody(response.status)) {
    // The header first, then the source's bytes as they are read (send_source.hpp).
    const bool headerSent = co_await writeHeaderAlone(stream, response, keepAlive, version);
    if (!headerSent) {
      co_return false;
    }
    co_return co_await sendSource(stream, response.source, response.fileOffset, response.fileSize,
                                  readers, timeout);
  }
  if (response.file && !head && statusHasBody(response.status)) {
    // The header first, then the file's bytes by the kernel (send_file.hpp), as long as it opens.
    const FileDescriptor source{::open(response.file->c_str(), O_RDONLY | O_CLOEXEC)};
    if (source.open()) {
      const bool headerSent = co_await writeHeaderAlone(stream, response, keepAlive, version);
      if (!headerSent) {
        co_return false;
      }
      stream.expires_never();
      co_return co_await sendFile(stream, source, response.fileOffset, response.fileSize,
                                  fileReaders, timeout);
    }
    spdlog::error("cannot open {}: {}", response.file->string(), std::strerror(errno));
    response = textResponse(500, "text/plain; charset=utf-8", "The file could not be read.\n");
    finishHeaders(response, request);
  }
  auto message = messageOf(response, head, keepAlive, version);
  auto [writeError, written] = co_await bhttp::async_write(stream, message, awaitTuple);
  co_return !writeError;
}

// After refusing a request whose body is still on its way, read and drop what the client keeps
// sending for a moment, so that it sees our answer instead of a reset connection.
asio::awaitable<void> drainAndClose(beast::tcp_stream& stream, beast::flat_buffer& buffer) {
  beast::error_code ignored;
  stream.socket().shutdown(tcp::socket::shutdown_send, ignored);
  const auto deadline = Clock::now() + std::chrono::seconds(2);
  std::size_t drained = 0;
  while (Clock::now() < deadline && drained < 8 * 1024 * 1024) {
    buffer.clear();
    stream.expires_at(deadline);
    auto [ec, n] = co_await stream.async_read_some(buffer.prepare(64 * 1024), awaitTuple);
    if (ec) {
      break;
    }
    drained += n;
  }
  stream.socket().close(ignored);
}

bool isProtocolError(const beast::error_code& ec) {
  return ec.category() == bhttp::make_error_code(bhttp::error::bad_target).category() &&
         ec != bhttp::error::end_of_stream && ec != bhttp::error::partial_message;
}

void logRequest(const Request& request, const Response& response, Clock::duration took) {
  const auto elapsed = std::chrono::duration<double, std::milli>(took).count();
  dossier::logRequest({"", request.method, request.path.empty() ? request.target : request.path,
                       response.status, elapsed, request.correlationId, response.logUser});
}

using Parser = bhttp::request_parser<bhttp::string_body>;

// One connection's life, in the steps of a request: wait for it, read its header, refuse it or
// read its body, dispatch it, write the answer; then the next one on a kept-alive connection.
class Exchange {
 public:
  Exchange(std::shared_ptr<Connection> connection, Hub& hub)
      : connection_(std::move(connection)),
        hub_(hub),
        stream_(connection_->stream),
        clientAddress_(connection_->address),
        metrics_(&hub.unrouted) {}

  asio::awaitable<void> run() {
    for (;;) {
      if (!co_await awaitRequest()) {
        break;
      }
      Parser parser;
      Request request;
      request.clientAddress = clientAddress_;
      metrics_ = &hub_.unrouted;
      if (!co_await readHeader(parser, request)) {
        break;
      }
      if (!hub_.options.trustedProxies.empty()) {
        const auto forwardedFor = request.headerLines("x-forwarded-for");
        request.clientAddress =
            clientBehind(clientAddress_, forwardedFor, hub_.options.trustedProxies);
      }
      if (beast::websocket::is_upgrade(parser.get())) {
        co_await openSocket(parser, request);
        break;
      }
      const auto plan = hub_.application.plan(request);
      if (plan.metrics != nullptr) {
        metrics_ = plan.metrics;
      }
      const auto body = co_await readBody(parser, request, plan);
      if (body == Body::Refused) {
        co_return;  // answered and closed
      }
      if (body == Body::Lost) {
        break;
      }
      auto response = co_await dispatch(request, plan);
      const bool keepAlive = answering_ ? answering_->keepAlive : keepAlive_ && !hub_.stopping;
      const bool written = answering_ ? co_await finishAnswer(request, response)
                                      : co_await write(request, response, keepAlive);
      if (!written || !keepAlive) {
        break;
      }
    }
    close();
  }

 private:
  enum class Body { Read, Refused, Lost };

  // Waits for the first bytes of the next request; false when the connection is to close (idle
  // too long, closed by the client, or the server stopping).
  asio::awaitable<bool> awaitRequest() {
    if (buffer_.size() != 0) {
      co_return true;  // pipelined: the next request is already here
    }
    connection_->idleSince = Clock::now().time_since_epoch().count();
    connection_->idle = true;
    if (hub_.stopping) {
      co_return false;
    }
    stream_.expires_after(hub_.options.idleTimeout);
    auto [ec, n] = co_await stream_.async_read_some(buffer_.prepare(8 * 1024), awaitTuple);
    connection_->idle = false;
    if (ec) {
      co_return false;
    }
    buffer_.commit(n);
    co_return true;
  }

  // The request line and the header fields; a malformed or oversize one is answered (400, 431)
  // and the connection closed.
  asio::awaitable<bool> readHeader(Parser& parser, Request& request) {
    parser.header_limit(static_cast<std::uint32_t>(hub_.options.headerLimit));
    parser.body_limit(boost::none);
    stream_.expires_after(hub_.options.readTimeout);
    auto [ec, n] = co_await bhttp::async_read_header(stream_, buffer_, parser, awaitTuple);
    start_ = Clock::now();
    if (ec) {
      if (ec == bhttp::error::header_limit) {
        request.correlationId = randomHex(8);
        co_await answerAndClose(
            request, Error::of(errors::kHeadersTooLarge, "The request headers are too large."), 11);
      } else if (isProtocolError(ec)) {
        request.correlationId = randomHex(8);
        co_await answerAndClose(
            request, Error::of(errors::kMalformed, "The request is not valid HTTP/1.1."), 11);
      }
      co_return false;
    }
    const auto& header = parser.get();
    version_ = header.version();
    fillRequest(header, request);
    if (auto problem = framingProblem(request, version_)) {
      // What follows on this connection cannot be told apart from this request's body.
      co_await answerAndClose(request, Error::of(errors::kFraming, std::move(*problem)), version_);
      co_return false;
    }
    if (!parseTarget(header.target(), request)) {
      co_await answerAndClose(
          request, Error::of(errors::kBadTarget, "The request address is not valid."), version_);
      co_return false;
    }
    co_return true;
  }

  // The body, up to what the route accepts: a larger one is refused with 413 before it is read
  // when its length is announced, or as soon as it grows past the limit.
  asio::awaitable<Body> readBody(Parser& parser, Request& request, const Application::Plan& plan) {
    const auto length = parser.content_length();
    if (length && *length > plan.bodyLimit) {
      co_await refuseTooLarge(request, plan.bodyLimit);
      co_return Body::Refused;
    }
    parser.body_limit(plan.bodyLimit);
    if (!parser.is_done()) {
      if (const auto expect = request.header("expect");
          expect && beast::iequals(*expect, "100-continue")) {
        bhttp::response<bhttp::empty_body> proceed{bhttp::status::continue_, version_};
        stream_.expires_after(hub_.options.writeTimeout);
        auto [ec, n] = co_await bhttp::async_write(stream_, proceed, awaitTuple);
        if (ec) {
          co_return Body::Lost;
        }
      }
      stream_.expires_after(hub_.options.readTimeout);
      if (length && *length >= kLargeBody && !parser.chunked()) {
        keepAlive_ = parser.get().keep_alive();
        co_return co_await readLargeBody(*length, request);
      }
      auto [ec, n] = co_await bhttp::async_read(stream_, buffer_, parser, awaitTuple);
      if (ec == bhttp::error::body_limit) {
        co_await refuseTooLarge(request, plan.bodyLimit);
        co_return Body::Refused;
      }
      if (ec) {
        co_return Body::Lost;
      }
    }
    keepAlive_ = parser.get().keep_alive();
    request.body = std::move(parser.release().body());
    co_return Body::Read;
  }

  // A large body of announced length, read straight into the request: Beast's parser reads a body
  // 64 KiB at a time into its buffer and copies each piece on, which held uploads to 300 MB/s.
  // Each read here takes what the socket has, up to 4 MiB; the read timeout still covers the
  // whole body.
  asio::awaitable<Body> readLargeBody(std::uint64_t length, Request& request) {
    std::string body;
    body.resize(static_cast<std::size_t>(length));
    const auto early = std::min<std::size_t>(buffer_.size(), body.size());
    std::memcpy(body.data(), buffer_.data().data(), early);
    buffer_.consume(early);
    constexpr std::size_t kMostPerRead = 4 * 1024 * 1024;
    auto [ec, n] = co_await asio::async_read(
        stream_, asio::buffer(body.data() + early, body.size() - early),
        [](const beast::error_code& error, std::size_t) { return error ? 0 : kMostPerRead; },
        awaitTuple);
    if (ec) {
      co_return Body::Lost;
    }
    request.body = std::move(body);
    co_return Body::Read;
  }

  // The application's answer, on the worker pool when the plan says so: an I/O thread never waits
  // for a handler.
  asio::awaitable<Response> dispatch(Request& request, const Application::Plan& plan) {
    if (!plan.offload) {
      co_return hub_.application.handle(request, plan);
    }
    const bool heavy = plan.heavy || request.body.size() > kLargeBody;
    const bool quick = plan.quick && !heavy;
    // A search waits for a searcher unless as many wait already; then it runs with the heavy work.
    const bool search = plan.search && takeSearchPlace();
    auto& load = search  ? hub_.searcherLoad
                 : heavy ? hub_.heavyWorkerLoad
                 : quick ? hub_.quickWorkerLoad
                         : hub_.workerLoad;
    auto& pool = search  ? hub_.searchers
                 : heavy ? hub_.heavyWorkers
                 : quick ? hub_.quickWorkers
                         : hub_.workers;
    load.queued.increment();
    co_return co_await asio::co_spawn(
        pool,
        [&]() -> asio::awaitable<Response> {
          if (search) {
            hub_.searchesWaiting.fetch_sub(1);
          }
          yieldThisThread(heavy ? kHeavyNice : kWorkerNice);
          const Running running(load);
          auto response = hub_.application.handle(request, plan);
          sendFromHere(request, response);
          co_return response;
        },
        asio::use_awaitable);
  }

  // On the handler's thread, while this connection's coroutine waits for it: an answer that goes
  // whole as it is (no file, no hold, not HEAD) is sent from here as far as the socket takes it at
  // once, so that the client has it without waiting for the I/O thread to wake; finishAnswer does
  // the rest. Nothing else uses the socket meanwhile: the read before has completed (its timer
  // cancelled), and an idle connection's closing (admit, beginStop) passes over a busy one.
  void sendFromHere(const Request& request, Response& response) {
    if (response.file || response.source || response.hold.count() > 0 || request.method == "HEAD") {
      return;
    }
    finishHeaders(response, request);
    const bool keepAlive = keepAlive_ && !hub_.stopping;
    auto answering =
        std::make_unique<Answering>(messageOf(response, false, keepAlive, version_), keepAlive);
    answering->sent = sendNow(stream_.socket().native_handle(), answering->serializer);
    answering_ = std::move(answering);
  }

  // Back on the connection's executor: what the socket did not take of an answer sent from the
  // handler's thread, then its line in the log.
  asio::awaitable<bool> finishAnswer(const Request& request, const Response& response) {
    const auto answering = std::move(answering_);
    bool written = answering->sent == SentNow::All;
    if (answering->sent == SentNow::Part) {
      stream_.expires_after(hub_.options.writeTimeout);
      auto [ec, n] = co_await bhttp::async_write(stream_, answering->serializer, awaitTuple);
      written = !ec;
    }
    answered(request, response, Clock::now() - start_);
    co_return written;
  }

  // A place among the searches waiting for a searcher, if fewer wait than there are searchers.
  bool takeSearchPlace() {
    auto waiting = hub_.searchesWaiting.load();
    while (waiting < hub_.searcherCount) {
      if (hub_.searchesWaiting.compare_exchange_weak(waiting, waiting + 1)) {
        return true;
      }
    }
    return false;
  }

  // A WebSocket: the application takes it or refuses it (on a worker, as deciding may read the
  // database), and a taken one is served until it closes.
  asio::awaitable<void> openSocket(Parser& parser, Request& request) {
    hub_.workerLoad.queued.increment();
    auto upgrade = co_await asio::co_spawn(
        hub_.workers,
        [&]() -> asio::awaitable<Application::Upgrade> {
          yieldThisThread(kWorkerNice);
          const Running running(hub_.workerLoad);
          co_return hub_.application.upgrade(request);
        },
        asio::use_awaitable);
    if (upgrade.metrics != nullptr) {
      metrics_ = upgrade.metrics;
    }
    if (!upgrade.handler || hub_.stopping) {
      if (upgrade.handler) {
        upgrade.refusal = hub_.application.error(
            request, Error::of(errors::kStopping, "The server is stopping."));
      }
      co_await write(request, upgrade.refusal, false);
      co_return;
    }
    Response switching;
    switching.status = 101;
    answered(request, switching, Clock::now() - start_);
    co_await serveWebSocket(stream_, parser.get(), connection_, std::move(upgrade.handler),
                            hub_.workers, hub_.workerLoad, SocketLimits{}, connection_->stopSocket);
  }

  asio::awaitable<bool> write(const Request& request, Response& response, bool keepAlive) {
    Clock::duration held{};
    if (response.hold.count() > 0 && !hub_.stopping) {
      const auto holding = Clock::now();
      asio::steady_timer hold(stream_.get_executor(), response.hold);
      co_await hold.async_wait(awaitTuple);
      held = Clock::now() - holding;
    }
    const bool written =
        co_await writeResponse(stream_, request, response, keepAlive, version_,
                               hub_.options.writeTimeout, hub_.workers, hub_.fileReaders);
    answered(request, response, Clock::now() - start_, held);
    co_return written;
  }

  // One line in the log, and the request counted in its route's series (without the time it was
  // held back on purpose, which says nothing of how fast the server is).
  void answered(const Request& request, const Response& response, Clock::duration took,
                Clock::duration held = {}) {
    logRequest(request, response, took);
    metrics_->observe(response.status, std::chrono::duration<double>(took - held).count());
  }

  // A failure found before the application ran (a malformed request): answered, and the
  // connection closed, since what follows on it cannot be trusted.
  asio::awaitable<void> answerAndClose(const Request& request, const Error& error,
                                       unsigned version) {
    auto response = hub_.application.error(request, error);
    version_ = version;
    co_await write(request, response, false);
  }

  asio::awaitable<void> refuseTooLarge(const Request& request, std::size_t limit) {
    co_await answerAndClose(
        request,
        Error::of(errors::kTooLarge, "The request body is too large: at most " +
                                         std::to_string(limit) + " bytes are accepted here."),
        version_);
    co_await drainAndClose(stream_, buffer_);
    hub_.remove(connection_.get());
  }

  void close() {
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
    stream_.socket().close(ignored);
    hub_.remove(connection_.get());
  }

  std::shared_ptr<Connection> connection_;
  Hub& hub_;
  beast::tcp_stream& stream_;
  beast::flat_buffer buffer_;
  std::string clientAddress_;
  // Of the request being answered: its HTTP version, whether the client keeps the connection,
  // and when its header arrived.
  unsigned version_ = 11;
  bool keepAlive_ = false;
  Clock::time_point start_ = Clock::now();
  RouteMetrics* metrics_;                 // the series the request being answered is counted in
  std::unique_ptr<Answering> answering_;  // set by sendFromHere, taken by finishAnswer
};

asio::awaitable<void> runConnection(std::shared_ptr<Connection> connection, Hub& hub) {
  Exchange exchange(std::move(connection), hub);
  co_await exchange.run();
}

// Says in the log that connections are being refused, at most once a minute, so that a flood of
// them does not also flood the log.
class RefusalLog {
 public:
  void note(const std::string& address) {
    ++count_;
    const auto now = Clock::now();
    if (now - last_ >= std::chrono::minutes(1)) {
      spdlog::warn(
          "connections refused: {} in the last minute, the latest from {} (every open "
          "connection is busy at the connection limits)",
          count_, address.empty() ? "-" : address);
      last_ = now;
      count_ = 0;
    }
  }

 private:
  Clock::time_point last_{};
  std::size_t count_ = 0;
};

// Accepts on the first I/O thread and places each connection on the next one: a connection's
// handlers all run on its one thread, which needs no strand.
asio::awaitable<void> acceptLoop(tcp::acceptor& acceptor, IoThreads& io, Hub& hub) {
  RefusalLog refused;
  for (;;) {
    tcp::socket socket(io.next());
    auto [ec] = co_await acceptor.async_accept(socket, awaitTuple);
    if (ec) {
      if (ec == asio::error::operation_aborted || hub.stopping) {
        co_return;
      }
      // Out of descriptors and the like: wait a moment rather than spin.
      spdlog::warn("accept failed: {}", ec.message());
      asio::steady_timer pause(io.first(), std::chrono::milliseconds(100));
      co_await pause.async_wait(awaitTuple);
      continue;
    }
    beast::error_code ignored;
    const auto endpoint = socket.remote_endpoint(ignored);
    auto address = ignored ? std::string() : endpoint.address().to_string();
    if (!hub.admit(address)) {
      refused.note(address);
      socket.close(ignored);
      continue;
    }
    socket.set_option(tcp::no_delay(true), ignored);
    auto connection = std::make_shared<Connection>(std::move(socket), std::move(address));
    hub.add(connection);
    asio::co_spawn(connection->stream.get_executor(), runConnection(connection, hub),
                   [](std::exception_ptr error) {
                     if (error) {
                       try {
                         std::rethrow_exception(error);
                       } catch (const std::exception& e) {
                         spdlog::error("connection failed: {}", e.what());
                       }
                     }
                   });
  }
}

// Raises the soft limit on open files to the hard one where it is lower (a default of 1,024 is
// a few hundred idle sockets from one client away from refusing everyone); returns the limit now.
std::size_t raiseFileLimit() {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0) {
    return 1024;
  }
  if (limit.rlim_cur < limit.rlim_max) {
    rlimit raised = limit;
    raised.rlim_cur = std::min<rlim_t>(limit.rlim_max, 1 << 20);
    if (setrlimit(RLIMIT_NOFILE, &raised) == 0) {
      limit = raised;
    }
  }
  return static_cast<std::size_t>(limit.rlim_cur);
}

// What the file limit leaves for connections once databases, indexes and logs have theirs.
std::size_t connectionsFor(std::size_t fileLimit) {
  const std::size_t reserve = std::max<std::size_t>(256, fileLimit / 4);
  return fileLimit > reserve + 64 ? std::min<std::size_t>(fileLimit - reserve, 65536) : 64;
}

}  // namespace

Status serve(const ServerOptions& options, Application& application,
             const std::function<void(unsigned short)>& onListening) {
  const unsigned threads = std::max(1u, options.threads);
  const unsigned workers = std::max(1u, options.workers);

  IoThreads io(threads);
  auto& context = io.first();
  tcp::acceptor acceptor(context);
  beast::error_code ec;
  const auto address = asio::ip::make_address(options.address, ec);
  if (ec) {
    return Error::of(errors::kAddress,
                     "'" + options.address + "' is not an IP address to listen on.");
  }
  const tcp::endpoint endpoint(address, options.port);
  acceptor.open(endpoint.protocol(), ec);
  if (!ec) {
    acceptor.set_option(asio::socket_base::reuse_address(true), ec);
  }
  if (!ec) {
    acceptor.bind(endpoint, ec);
  }
  if (!ec) {
    acceptor.listen(asio::socket_base::max_listen_connections, ec);
  }
  if (ec) {
    return Error::of(errors::kListen, "Cannot listen on " + options.address + ":" +
                                          std::to_string(options.port) + ": " + ec.message());
  }
  onListening(acceptor.local_endpoint().port());
  // A client that goes while a file is sent to it by sendfile (send_file.hpp), which has no
  // MSG_NOSIGNAL as the socket writes have, would end the process with SIGPIPE; the call answers
  // EPIPE instead. Child processes get the default back (core/child_process.cpp).
  ::signal(SIGPIPE, SIG_IGN);

  const auto fileLimit = raiseFileLimit();
  const auto maxConnections =
      options.maxConnections != 0 ? options.maxConnections : connectionsFor(fileLimit);
  spdlog::info("open files at most {}; connections at most {}, {} from one address", fileLimit,
               maxConnections, options.maxConnectionsPerAddress);
  Hub hub(options, application, workers, std::max(1u, options.heavyWorkers),
          std::max(1u, options.searchers), std::max(1u, options.quickWorkers), maxConnections);
  auto control = context.get_executor();
  asio::signal_set signals(control, SIGINT, SIGTERM);
  asio::steady_timer grace(control);
  bool stopRequested = false;

  asio::co_spawn(context, acceptLoop(acceptor, io, hub), [](std::exception_ptr error) {
    if (error) {
      spdlog::critical("the listener stopped unexpectedly");
    }
  });

  std::function<void(beast::error_code, int)> onSignal = [&](beast::error_code error, int number) {
    if (error) {
      return;
    }
    if (stopRequested) {
      spdlog::warn("second signal {}: stopping now", number);
      io.stop();
      return;
    }
    stopRequested = true;
    spdlog::info("signal {}: finishing requests in flight, then stopping", number);
    beast::error_code ignored;
    acceptor.close(ignored);
    signals.async_wait(onSignal);
    grace.expires_after(options.shutdownGrace);
    grace.async_wait([&](beast::error_code timerError) {
      if (!timerError) {
        spdlog::warn("requests still running after {}s: stopping anyway",
                     options.shutdownGrace.count());
        io.stop();
      }
    });
    hub.beginStop([&] {
      asio::post(control, [&] {
        grace.cancel();
        signals.cancel();
      });
    });
  };
  signals.async_wait(onSignal);

  io.run();
  hub.workers.join();
  hub.heavyWorkers.join();
  hub.searchers.join();
  hub.quickWorkers.join();
  hub.fileReaders.join();
  spdlog::info("stopped");
  return {};
}

}  // namespace dossier::http
