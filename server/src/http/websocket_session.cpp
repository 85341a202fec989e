#include "http/websocket_session.hpp"

#include <atomic>
#include <deque>
#include <string>

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/websocket.hpp>
#include <spdlog/spdlog.h>

#include "http/socket.hpp"
#include "http/worker_load.hpp"

namespace dossier::http {

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
constexpr auto awaitTuple = asio::as_tuple(asio::use_awaitable);

// One open socket: the stream, and what waits to be written to it. Touched only on the stream's
// executor (one I/O thread, io_threads.hpp), so it needs no lock.
struct SocketState {
  SocketState(beast::tcp_stream& stream, std::shared_ptr<void> owner)
      : owner(std::move(owner)), ws(stream) {}

  // What owns the TCP stream: kept as long as a write in flight may still refer to it.
  std::shared_ptr<void> owner;
  websocket::stream<beast::tcp_stream&> ws;
  std::deque<std::string> queue;
  std::size_t queuedBytes = 0;
  bool writing = false;
  bool closing = false;
  bool ended = false;
  websocket::close_reason closeReason;
  std::size_t sendQueueLimit = 0;
  // Messages handed to the handler and not yet taken: a client that sends faster than it is
  // answered is closed rather than let the workers' queue grow.
  std::atomic<std::size_t> pending{0};
};

asio::awaitable<void> drain(std::shared_ptr<SocketState> state) {
  while (!state->queue.empty() && !state->ended) {
    state->ws.text(true);
    auto [ec, n] = co_await state->ws.async_write(asio::buffer(state->queue.front()), awaitTuple);
    if (ec) {
      state->ended = true;
      break;
    }
    state->queuedBytes -= state->queue.front().size();
    state->queue.pop_front();
  }
  if (state->closing && !state->ended) {
    auto [ec] = co_await state->ws.async_close(state->closeReason, awaitTuple);
    if (ec) {
      beast::error_code ignored;
      beast::get_lowest_layer(state->ws).socket().close(ignored);
    }
  }
  state->writing = false;
}

void startWriting(const std::shared_ptr<SocketState>& state) {
  if (state->writing || state->ended) {
    return;
  }
  state->writing = true;
  asio::co_spawn(state->ws.get_executor(), drain(state), asio::detached);
}

void requestClose(const std::shared_ptr<SocketState>& state, int code, std::string reason) {
  if (state->closing || state->ended) {
    return;
  }
  if (reason.size() > 120) {
    reason.resize(120);
  }
  state->closing = true;
  state->closeReason =
      websocket::close_reason(static_cast<websocket::close_code>(code), beast::string_view(reason));
  // Whatever is queued goes out first; a client too slow to take it is cut off by the timeout.
  startWriting(state);
}

class Peer final : public SocketPeer {
 public:
  Peer(const std::shared_ptr<SocketState>& state, asio::thread_pool& workers, WorkerLoad& load)
      : state_(state), executor_(state->ws.get_executor()), workers_(workers), load_(load) {}

  void aside(std::function<void()> work) override {
    if (asideRunning_->fetch_add(1) >= kAsideAtOnce) {
      asideRunning_->fetch_sub(1);
      work();
      return;
    }
    load_.queued.increment();
    asio::post(workers_, [running = asideRunning_, &load = load_, work = std::move(work)] {
      {
        const Running busy(load);
        work();
      }
      running->fetch_sub(1);
    });
  }

  void send(std::string text) override {
    asio::post(executor_, [weak = state_, text = std::move(text)]() mutable {
      auto state = weak.lock();
      if (!state || state->closing || state->ended) {
        return;
      }
      if (state->queuedBytes + text.size() > state->sendQueueLimit) {
        spdlog::warn("a realtime client stopped reading: closing it");
        state->queue.clear();
        state->queuedBytes = 0;
        requestClose(state, 1008, "Too far behind.");
        return;
      }
      state->queuedBytes += text.size();
      state->queue.push_back(std::move(text));
      startWriting(state);
    });
  }

  void close(int code, std::string reason) override {
    asio::post(executor_, [weak = state_, code, reason = std::move(reason)]() mutable {
      if (auto state = weak.lock()) {
        requestClose(state, code, std::move(reason));
      }
    });
  }

 private:
  std::weak_ptr<SocketState> state_;
  asio::any_io_executor executor_;
  asio::thread_pool& workers_;
  WorkerLoad& load_;
  // Shared with the work handed aside, which may end after the peer.
  std::shared_ptr<std::atomic<int>> asideRunning_ = std::make_shared<std::atomic<int>>(0);
};

}  // namespace

asio::awaitable<void> serveWebSocket(beast::tcp_stream& stream,
                                     const beast::http::request<beast::http::string_body>& upgrade,
                                     std::shared_ptr<void> owner,
                                     std::shared_ptr<SocketHandler> handler,
                                     asio::thread_pool& workers, WorkerLoad& load,
                                     const SocketLimits& limits, std::function<void()>& stop) {
  auto state = std::make_shared<SocketState>(stream, std::move(owner));
  state->sendQueueLimit = limits.sendQueueLimit;
  stream.expires_never();  // the socket's own timeouts and pings take over
  state->ws.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
  state->ws.set_option(websocket::stream_base::decorator([](websocket::response_type& response) {
    response.set(beast::http::field::server, "dossier");
  }));
  state->ws.read_message_max(limits.messageLimit);
  auto [acceptError] = co_await state->ws.async_accept(upgrade, awaitTuple);
  if (acceptError) {
    co_return;
  }

  auto handlerStrand = asio::make_strand(workers);
  auto peer = std::make_shared<Peer>(state, workers, load);
  asio::post(handlerStrand, [handler, peer] { handler->opened(peer); });
  stop = [weak = std::weak_ptr(state)] {
    if (auto state = weak.lock()) {
      requestClose(state, 1001, "The server is stopping.");
    }
  };

  auto silence =
      std::make_shared<asio::steady_timer>(state->ws.get_executor(), limits.firstMessageTimeout);
  silence->async_wait([weak = std::weak_ptr(state)](beast::error_code ec) {
    if (auto state = weak.lock(); state && !ec) {
      requestClose(state, 1008, "Nothing was said.");
    }
  });
  beast::flat_buffer in;
  for (;;) {
    auto [readError, n] = co_await state->ws.async_read(in, awaitTuple);
    silence->cancel();
    if (readError) {
      break;
    }
    if (!state->ws.got_text()) {
      in.consume(in.size());
      requestClose(state, 1003, "Only text messages are accepted.");
      continue;
    }
    if (state->pending.fetch_add(1) >= limits.pendingMessageLimit) {
      in.consume(in.size());
      requestClose(state, 1008, "Too many messages at once.");
      continue;
    }
    load.queued.increment();
    asio::post(handlerStrand,
               [handler, state, &load, text = beast::buffers_to_string(in.data())]() mutable {
                 const Running running(load);
                 state->pending.fetch_sub(1);
                 handler->received(std::move(text));
               });
    in.consume(in.size());
  }
  state->ended = true;
  stop = nullptr;
  asio::post(handlerStrand, [handler] { handler->closed(); });
}

}  // namespace dossier::http
