#pragma once

#include <functional>
#include <memory>
#include <string>

namespace dossier::http {

// How the application talks back on an accepted WebSocket. Safe to call from any thread: the
// message is queued and written in order on the connection's own I/O thread.
class SocketPeer {
 public:
  virtual ~SocketPeer() = default;
  // A text message. A peer that falls too far behind (it does not read) is closed rather than
  // let its queue grow without bound.
  virtual void send(std::string text) = 0;
  // Closes with a WebSocket close code (1000 normal, 1001 going away, 4xxx the application's own)
  // and a reason of at most 120 bytes.
  virtual void close(int code, std::string reason) = 0;
  // Runs work on the worker pool beside the handler's calls, which go on meanwhile, in order: a
  // long piece of work (a call answered as a request would be) holds back nothing else of the
  // connection. At most kAsideAtOnce at a time for a connection; beyond that it runs at once, in
  // line, so that a client asking for more waits rather than takes every worker. Must not throw.
  static constexpr int kAsideAtOnce = 4;
  virtual void aside(std::function<void()> work) = 0;
};

// The application's side of an accepted WebSocket. Its calls come one at a time, in order, on the
// worker pool (never an I/O thread), and must not throw.
class SocketHandler {
 public:
  virtual ~SocketHandler() = default;
  virtual void opened(std::shared_ptr<SocketPeer> peer) noexcept = 0;
  virtual void received(std::string text) noexcept = 0;
  // Once, whatever ended the connection; the peer sends nothing after it.
  virtual void closed() noexcept = 0;
};

}  // namespace dossier::http
