#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>

#include <boost/asio/awaitable.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>

namespace dossier::http {

struct WorkerLoad;

class SocketHandler;

struct SocketLimits {
  std::size_t messageLimit = 64 * 1024;          // one message from the client
  std::size_t sendQueueLimit = 4 * 1024 * 1024;  // bytes waiting for a client that does not read
  std::size_t pendingMessageLimit = 64;          // messages waiting for the handler
  // The client speaks first (it authenticates): one that says nothing for this long is closed.
  std::chrono::seconds firstMessageTimeout{10};
};

// Completes the WebSocket handshake of `upgrade` on `stream` and serves the connection until it
// closes: messages go to the handler (on a strand of `workers`, counted in their `load` as
// requests are), the handler's answers come back
// through its peer. `owner` keeps the stream alive while a write may still use it. `stop` is set,
// while the socket is open, to what closes it with 1001 when the server stops; it is only touched
// on the stream's executor.
boost::asio::awaitable<void> serveWebSocket(
    boost::beast::tcp_stream& stream,
    const boost::beast::http::request<boost::beast::http::string_body>& upgrade,
    std::shared_ptr<void> owner, std::shared_ptr<SocketHandler> handler,
    boost::asio::thread_pool& workers, WorkerLoad& load, const SocketLimits& limits,
    std::function<void()>& stop);

}  // namespace dossier::http
