#include "db/postgresql/commit_listener.hpp"

#include <array>
#include <condition_variable>
#include <libpq-fe.h>
#include <mutex>
#include <optional>
#include <poll.h>
#include <string_view>
#include <unistd.h>

#include <spdlog/spdlog.h>

#include "db/database_error.hpp"

namespace dossier::db::postgresql {

namespace {

// A pipe whose reading end becomes readable when a stop is asked, so that a wait on the
// database's socket ends at once rather than at its timeout.
class StopPipe {
 public:
  StopPipe() {
    if (::pipe(ends_.data()) != 0) {
      ends_ = {-1, -1};
    }
  }
  ~StopPipe() {
    for (const int end : ends_) {
      if (end >= 0) {
        ::close(end);
      }
    }
  }
  StopPipe(const StopPipe&) = delete;
  StopPipe& operator=(const StopPipe&) = delete;
  int reader() const { return ends_[0]; }
  void ring() const {
    if (ends_[1] >= 0) {
      const char byte = 1;
      [[maybe_unused]] const auto written = ::write(ends_[1], &byte, 1);
    }
  }

 private:
  std::array<int, 2> ends_{-1, -1};
};

class CommitListener final : public CommitSignal {
 public:
  CommitListener(ConnectionSettings settings, std::vector<std::string> channels)
      : settings_(std::move(settings)), channels_(std::move(channels)) {
    channels_.insert(channels_.begin(), kCommitChannel);
    // Listening before the maker goes on, so that nothing said after it is missed; when the
    // database cannot be reached now, the first wait tries again.
    listen();
  }
  ~CommitListener() override { PQfinish(handle_); }
  CommitListener(const CommitListener&) = delete;
  CommitListener& operator=(const CommitListener&) = delete;

  Heard wait(std::chrono::milliseconds timeout, std::stop_token stop) override {
    const auto until = std::chrono::steady_clock::now() + timeout;
    if (!connected() && !listen()) {
      pause(until, stop);
      return {};
    }
    if (auto heard = drain(); heard.committed || !heard.told.empty()) {
      return heard;
    }
    StopPipe pipe;
    std::stop_callback ringOnStop(stop, [&] { pipe.ring(); });
    while (!stop.stop_requested()) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          until - std::chrono::steady_clock::now());
      if (left.count() <= 0) {
        return {};
      }
      std::array<pollfd, 2> watched{{{PQsocket(handle_), POLLIN, 0}, {pipe.reader(), POLLIN, 0}}};
      if (::poll(watched.data(), watched.size(), static_cast<int>(left.count())) < 0) {
        continue;  // interrupted by a signal
      }
      if ((watched[0].revents & (POLLIN | POLLERR | POLLHUP)) != 0) {
        if (PQconsumeInput(handle_) == 0) {
          lost();
          return {};
        }
        if (auto heard = drain(); heard.committed || !heard.told.empty()) {
          return heard;
        }
      }
    }
    return {};
  }

 private:
  bool connected() const { return handle_ != nullptr && PQstatus(handle_) == CONNECTION_OK; }

  bool listen() {
    PQfinish(handle_);
    handle_ = nullptr;
    try {
      handle_ = PostgresqlConnection::connect(settings_);
    } catch (const DatabaseError& error) {
      warnOnce(error.what());
      return false;
    }
    std::string script;
    for (const auto& channel : channels_) {
      // Channels are the program's own names, never input: quoted all the same.
      char* quoted = PQescapeIdentifier(handle_, channel.c_str(), channel.size());
      if (quoted != nullptr) {
        script += std::string("LISTEN ") + quoted + ";";
        PQfreemem(quoted);
      }
    }
    PGresult* result = PQexec(handle_, script.c_str());
    const bool listening = result != nullptr && PQresultStatus(result) == PGRES_COMMAND_OK;
    PQclear(result);
    if (!listening) {
      warnOnce(PQerrorMessage(handle_));
      lost();
      return false;
    }
    if (warned_) {
      spdlog::info("listening for other processes' commits again");
      warned_ = false;
    }
    return true;
  }

  // Takes every notification that has arrived.
  Heard drain() {
    Heard heard;
    while (PGnotify* notification = PQnotifies(handle_)) {
      if (std::string_view(notification->relname) == kCommitChannel) {
        heard.committed = true;
      } else {
        heard.told.emplace_back(notification->relname,
                                notification->extra != nullptr ? notification->extra : "");
      }
      PQfreemem(notification);
    }
    return heard;
  }

  void lost() {
    PQfinish(handle_);
    handle_ = nullptr;
  }

  void warnOnce(const std::string& why) {
    if (!warned_) {
      spdlog::warn(
          "not listening for other processes' commits ({}): they are seen at the next poll", why);
      warned_ = true;
    }
  }

  static void pause(std::chrono::steady_clock::time_point until, std::stop_token stop) {
    std::mutex mutex;
    std::condition_variable_any wake;
    std::unique_lock lock(mutex);
    wake.wait_until(lock, stop, until, [] { return false; });
  }

  ConnectionSettings settings_;
  std::vector<std::string> channels_;
  PGconn* handle_ = nullptr;
  bool warned_ = false;
};

}  // namespace

std::unique_ptr<CommitSignal> listenForCommits(const ConnectionSettings& settings,
                                               std::vector<std::string> channels) {
  return std::make_unique<CommitListener>(settings, std::move(channels));
}

}  // namespace dossier::db::postgresql
