#include <future>
#include <latch>
#include <string>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http.hpp>
#include <gtest/gtest.h>

#include "http/running_server.hpp"
#include "metrics/registry.hpp"
#include "support/eventually.hpp"

namespace dossier::http {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
using dossier::testing::eventually;
using testing::RunningServer;

// Every request is a search of the index; /search/held waits until the test lets it go.
class SearchingApplication : public testing::TestApplication {
 public:
  Plan plan(const Request&) override {
    Plan plan;
    plan.offload = true;
    plan.heavy = true;
    plan.search = true;
    return plan;
  }

  Response handle(Request& request, const Plan&) noexcept override {
    if (request.path == "/search/held") {
      held.count_down();
      release.wait();
    }
    Response response;
    response.body = request.path;
    return response;
  }

  std::latch held{1};
  std::latch release{1};
};

// A GET on a connection of its own, answered (its body) in the background.
std::future<std::string> get(unsigned short port, const std::string& path) {
  return std::async(std::launch::async, [port, path] {
    asio::io_context context;
    asio::ip::tcp::socket socket(context);
    socket.connect({asio::ip::make_address("127.0.0.1"), port});
    beast::http::request<beast::http::empty_body> request{beast::http::verb::get, path, 11};
    request.set(beast::http::field::host, "127.0.0.1");
    beast::http::write(socket, request);
    beast::flat_buffer buffer;
    beast::http::response<beast::http::string_body> response;
    beast::http::read(socket, buffer, response);
    return response.body();
  });
}

bool answered(std::future<std::string>& answer) {
  return answer.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
}

TEST(Searchers, ASearchWaitsForASearcherUnlessAsManyWaitAlreadyThenItRunsWithTheHeavyWork) {
  SearchingApplication application;
  ServerOptions options;
  options.port = 0;
  options.workers = 2;
  options.heavyWorkers = 2;
  options.searchers = 1;
  options.quickWorkers = 1;
  options.shutdownGrace = std::chrono::seconds(5);
  const RunningServer server(options, application);

  std::future<std::string> held;
  std::future<std::string> waiting;
  std::future<std::string> overflowing;
  // However the test ends, the held search is let go before its answer is waited for.
  struct Releasing {
    std::latch& release;
    ~Releasing() {
      if (release.try_wait()) {
        return;
      }
      release.count_down();
    }
  } releasing{application.release};

  // The one searcher is busy; the next search waits for it, and one more would wait too many.
  held = get(server.port, "/search/held");
  application.held.wait();
  waiting = get(server.port, "/search/waiting");
  const auto& queued = metrics::processRegistry()
                           .gauge("dossier_http_workers_queued", "", {"pool"})
                           .with({"search"});
  ASSERT_TRUE(eventually([&] { return queued.value() == 1; }));
  overflowing = get(server.port, "/search/beside");
  // Answered beside the held search, on the heavy workers.
  ASSERT_TRUE(eventually([&] { return answered(overflowing); }));
  EXPECT_EQ(overflowing.get(), "/search/beside");
  // Behind the held search on the one searcher, in turn.
  EXPECT_FALSE(answered(waiting));

  application.release.count_down();
  EXPECT_EQ(waiting.get(), "/search/waiting");
  EXPECT_EQ(held.get(), "/search/held");
}

}  // namespace
}  // namespace dossier::http
