#pragma once

#include <csignal>
#include <future>
#include <thread>

#include "http/application.hpp"
#include "http/server.hpp"

namespace dossier::http::testing {

// An application for a test of the server: errors answered 400 with their message; the plan and
// the answers are the test's.
class TestApplication : public Application {
 public:
  Response error(const Request&, const Error& error) noexcept override {
    Response response;
    response.status = 400;
    response.body = error.message;
    return response;
  }
};

// The server on a thread of its own, stopped (as by its operator, with SIGTERM) when it goes.
class RunningServer {
 public:
  RunningServer(ServerOptions options, Application& application)
      : thread_([this, options, &application] {
          const auto served =
              serve(options, application, [this](unsigned short port) { port_.set_value(port); });
          (void)served;
        }) {
    port = port_.get_future().get();
  }
  ~RunningServer() {
    std::raise(SIGTERM);
    thread_.join();
  }
  RunningServer(const RunningServer&) = delete;
  RunningServer& operator=(const RunningServer&) = delete;

  unsigned short port = 0;

 private:
  std::promise<unsigned short> port_;
  std::thread thread_;
};

}  // namespace dossier::http::testing
