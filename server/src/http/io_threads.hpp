#pragma once

#include <atomic>
#include <memory>
#include <vector>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>

namespace dossier::http {

// The server's I/O threads, each running an io_context of its own. With one context shared by
// several threads, a handler posted back from a worker woke the thread waiting in epoll, which
// woke another to run it: 8.2 context switches a search rather than 4.9, and the bare route
// answered 50,000 requests a second rather than 80,000 (docs/decisions.md, "An io_context for
// each I/O thread"). A connection stays on the context it was placed on, so its handlers never
// run on two threads at once, without a strand.
class IoThreads {
 public:
  explicit IoThreads(unsigned count);

  // The context that listens and handles signals; run by the thread that calls run().
  boost::asio::io_context& first() { return *contexts_.front(); }

  // The context for a new connection: each in turn.
  boost::asio::io_context& next();

  // Runs every context, the first on the calling thread, until the first runs out of work; then
  // lets the others finish what they still hold and waits for them.
  void run();

  // Stops every context now, work or no work.
  void stop();

  std::size_t size() const { return contexts_.size(); }

 private:
  using Guard = boost::asio::executor_work_guard<boost::asio::io_context::executor_type>;

  std::vector<std::unique_ptr<boost::asio::io_context>> contexts_;
  // Keep the other contexts running while none of their connections is open.
  std::vector<Guard> guards_;
  std::atomic<std::size_t> turn_{0};
};

}  // namespace dossier::http
