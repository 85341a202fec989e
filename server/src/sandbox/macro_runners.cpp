#include "sandbox/macro_runners.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>

#include <spdlog/spdlog.h>

#include "sandbox/errors.hpp"
#include "sandbox/macro_messages.hpp"

namespace dossier::sandbox {

namespace json = boost::json;

namespace {

using Clock = std::chrono::steady_clock;

// The VM's own clock stops a run this much before the runner is killed, so that a script that
// merely loops ends with the VM's message and leaves its runner fit for the next run.
constexpr auto kMostVmMargin = std::chrono::milliseconds(100);

// How a conversation with a runner went.
enum class Turn { Ok, TimedOut, Ended, Broke };

// The server's side of the conversation with one runner, every step bounded by the deadline.
class Conversation {
 public:
  Conversation(int socket, Clock::time_point deadline) : socket_(socket), deadline_(deadline) {}

  Turn send(const std::string& bytes) {
    std::size_t sent = 0;
    while (sent < bytes.size()) {
      const auto n =
          ::send(socket_, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL | MSG_DONTWAIT);
      if (n > 0) {
        sent += static_cast<std::size_t>(n);
        continue;
      }
      if (n < 0 && errno == EINTR) {
        continue;
      }
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
        if (const auto waited = wait(POLLOUT); waited != Turn::Ok) {
          return waited;
        }
        continue;
      }
      return Turn::Ended;
    }
    return Turn::Ok;
  }

  // One whole message into `message`; Broke with `why` when it is too long or not JSON.
  Turn receive(json::object& message) {
    for (;;) {
      if (buffer_.size() >= kFrameHeaderBytes) {
        unsigned char header[kFrameHeaderBytes];
        std::copy_n(buffer_.begin(), kFrameHeaderBytes, header);
        const auto length = frameLength(header);
        if (length > kMostFrameBytes) {
          why = "a message of " + std::to_string(length) + " bytes, more than the " +
                std::to_string(kMostFrameBytes) + " a run may send";
          return Turn::Broke;
        }
        if (buffer_.size() >= kFrameHeaderBytes + length) {
          auto parsed = parseMessage(std::string_view(buffer_).substr(kFrameHeaderBytes, length));
          buffer_.erase(0, kFrameHeaderBytes + length);
          if (!parsed) {
            why = "a message that is not a JSON object";
            return Turn::Broke;
          }
          message = std::move(*parsed);
          return Turn::Ok;
        }
      }
      char chunk[64 * 1024];
      const auto n = ::recv(socket_, chunk, sizeof chunk, MSG_DONTWAIT);
      if (n > 0) {
        buffer_.append(chunk, static_cast<std::size_t>(n));
        continue;
      }
      if (n == 0) {
        return Turn::Ended;
      }
      if (errno == EINTR) {
        continue;
      }
      if (errno != EAGAIN && errno != EWOULDBLOCK) {
        return Turn::Ended;
      }
      if (const auto waited = wait(POLLIN); waited != Turn::Ok) {
        return waited;
      }
    }
  }

  // Whether the runner said more than it was asked (it is not kept for another run).
  bool saidMore() const { return !buffer_.empty(); }
  bool pastDeadline() const { return Clock::now() >= deadline_; }

  std::string why;

 private:
  Turn wait(short events) {
    for (;;) {
      const auto left =
          std::chrono::ceil<std::chrono::milliseconds>(deadline_ - Clock::now()).count();
      if (left <= 0) {
        return Turn::TimedOut;
      }
      pollfd ready{socket_, events, 0};
      const int n = ::poll(&ready, 1, static_cast<int>(std::min<long long>(left, 1000)));
      if (n < 0 && errno != EINTR) {
        return Turn::Ended;
      }
      if (n > 0) {
        return Turn::Ok;  // readable, writable, or closed: the next read or write says which
      }
    }
  }

  int socket_;
  Clock::time_point deadline_;
  std::string buffer_;
};

std::string failedBecause(std::string_view chunkName, std::string_view why) {
  return "The macro " + std::string(chunkName) + " failed: " + std::string(why);
}

Error failure(std::string_view chunkName, std::string_view why) {
  return Error::of(errors::kMacroFailed, failedBecause(chunkName, why));
}

Error notRun(std::string_view chunkName, std::string_view why) {
  return Error::of(errors::kMacroFailed,
                   "The macro " + std::string(chunkName) + " was not run: " + std::string(why));
}

// Whether an idle runner is still there: one waiting for a run says nothing, so anything to read
// (or the end of its socket) means it died or misbehaves.
bool stillListening(const ChildConnection& child) {
  pollfd ready{child.socket, POLLIN, 0};
  return ::poll(&ready, 1, 0) == 0;
}

}  // namespace

ChildLimits runnerLimits() {
  ChildLimits limits;
  limits.memoryBytes = 256ull * 1024 * 1024;
  // Twice the CPU time after which a runner is retired (kRunnerCpuMilliseconds), plus one run.
  limits.cpuSeconds = 2 * kRunnerCpuMilliseconds / 1000 + 10;
  return limits;
}

std::string macroRunnerProgram() {
  if (const char* configured = std::getenv("DOSSIER_MACRO"); configured != nullptr) {
    return configured;
  }
  std::error_code ec;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::string("dossier-macro") : (self.parent_path() / "dossier-macro").string();
}

MacroRunners::MacroRunners(RunnerCounts counts, std::string program)
    : program_(std::move(program)), counts_(counts) {}

MacroRunners::~MacroRunners() {
  for (auto& runner : idle_) {
    endChild(runner.child);
  }
}

bool MacroRunners::enter(Clock::time_point deadline) {
  std::unique_lock lock(mutex_);
  if (active_ < counts_.running && queued_ == 0) {
    ++active_;
    return true;
  }
  if (queued_ >= counts_.waiting) {
    return false;
  }
  ++queued_;
  const bool freed =
      freed_.wait_until(lock, deadline, [this] { return active_ < counts_.running; });
  --queued_;
  if (!freed) {
    return false;
  }
  ++active_;
  return true;
}

void MacroRunners::leave() {
  {
    std::lock_guard lock(mutex_);
    --active_;
  }
  freed_.notify_one();
}

bool MacroRunners::take(Runner& runner) {
  {
    std::unique_lock lock(mutex_);
    while (!idle_.empty()) {
      runner = std::move(idle_.back());
      idle_.pop_back();
      if (stillListening(runner.child)) {
        return true;
      }
      lock.unlock();
      endChild(runner.child);
      lock.lock();
    }
  }
  const auto program = program_.empty() ? macroRunnerProgram() : program_;
  auto started = startChild(program, {"serve"}, runnerLimits());
  if (!started) {
    spdlog::error("the macro runner {} could not be started: {}", program, std::strerror(errno));
    return false;
  }
  runner = Runner{*started, 0};
  return true;
}

void MacroRunners::giveBack(Runner runner, bool keep) {
  {
    std::lock_guard lock(mutex_);
    if (keep && idle_.size() < counts_.idle) {
      idle_.push_back(std::move(runner));
      return;
    }
  }
  endChild(runner.child);
}

MacroRunReport MacroRunners::run(std::string_view chunkName, std::string_view source,
                                 const MacroInput& input, const Limits& limits) {
  MacroRunReport report;
  const auto deadline = Clock::now() + limits.wallClock;
  if (!enter(deadline)) {
    report.outcome = notRun(chunkName,
                            "the server is busy running other macros. Try again in a "
                            "moment.");
    return report;
  }
  struct Leave {
    MacroRunners* runners;
    ~Leave() { runners->leave(); }
  } leave{this};

  Runner runner;
  const auto program = program_.empty() ? macroRunnerProgram() : program_;
  if (!take(runner)) {
    report.outcome = notRun(chunkName, "its runner (dossier-macro) could not be started.");
    return report;
  }
  ++runner.runs;
  Conversation talk(runner.child.socket, deadline);
  auto vmLimits = limits;
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
  vmLimits.wallClock = left - std::min(kMostVmMargin, left / 10);

  auto turn = talk.send(framed(runMessage(chunkName, source, input, vmLimits)));
  std::size_t lookups = 0;
  json::object message;
  while (turn == Turn::Ok) {
    turn = talk.receive(message);
    if (turn != Turn::Ok) {
      break;
    }
    if (kindOf(message) == "done") {
      auto done = readDoneMessage(message);
      if (!done) {
        talk.why = done.error().message;
        turn = Turn::Broke;
        break;
      }
      report.outcome = std::move(done->outcome);
      report.printed = std::move(done->printed);
      const bool fit = !talk.saidMore() && runner.runs < kMostRunsPerRunner &&
                       done->cpuMilliseconds < kRunnerCpuMilliseconds;
      giveBack(std::move(runner), fit);
      return report;
    }
    if (auto text = readPrintMessage(message)) {
      // Kept as it comes, so that a run killed at its deadline still has what it printed.
      report.printed.append(*text, 0,
                            kMostPrintBytes - std::min(kMostPrintBytes, report.printed.size()));
      continue;
    }
    auto call = readHostCall(message);
    if (!call) {
      talk.why = call.error().message;
      turn = Turn::Broke;
      break;
    }
    if (++lookups > kMostLookups) {
      talk.why = "more than " + std::to_string(kMostLookups) +
                 " searches and reads of linked records in one run";
      turn = Turn::Broke;
      break;
    }
    json::array found;
    if (input.host != nullptr) {
      found = call->kind == HostCall::Kind::Search
                  ? input.host->search(call->text, call->types, call->limit)
                  : input.host->linked(call->text);
    }
    if (talk.pastDeadline()) {
      turn = Turn::TimedOut;
      break;
    }
    turn = talk.send(framed(foundMessage(std::move(found))));
  }

  const auto ended = endChild(runner.child);
  switch (turn) {
    case Turn::TimedOut:
      report.outcome = failure(chunkName, "stopped: it ran too long");
      spdlog::warn("macro {}: its runner was stopped at its deadline ({} ms)", chunkName,
                   limits.wallClock.count());
      break;
    case Turn::Broke:
      report.outcome = failure(
          chunkName, "stopped: its runner sent what the server does not take (" + talk.why + ")");
      spdlog::warn("macro {}: its runner was stopped: it sent {}", chunkName, talk.why);
      break;
    case Turn::Ended:
    case Turn::Ok:
      if (ended.outcome == ChildResult::Outcome::Exited &&
          (ended.exitCode == 126 || ended.exitCode == 127) && runner.runs == 1) {
        report.outcome = notRun(chunkName, "its runner (dossier-macro) could not be started.");
        spdlog::error("the macro runner {} could not be started: it {}", program, ended.describe());
      } else {
        report.outcome = failure(chunkName,
                                 "stopped: it ended unexpectedly (out of memory, or "
                                 "a crash)");
        spdlog::warn("macro {}: its runner {}", chunkName, ended.describe());
      }
      break;
  }
  return report;
}

void MacroRunners::resize(RunnerCounts counts) {
  std::vector<Runner> surplus;
  {
    std::lock_guard lock(mutex_);
    counts_ = counts;
    while (idle_.size() > counts_.idle) {
      surplus.push_back(std::move(idle_.back()));
      idle_.pop_back();
    }
  }
  freed_.notify_all();
  for (auto& runner : surplus) {
    endChild(runner.child);
  }
}

std::size_t MacroRunners::idleRunners() {
  std::lock_guard lock(mutex_);
  return idle_.size();
}

std::size_t MacroRunners::runsUnderWay() {
  std::lock_guard lock(mutex_);
  return active_;
}

std::size_t MacroRunners::runsWaiting() {
  std::lock_guard lock(mutex_);
  return queued_;
}

MacroRunners& macroRunners() {
  static auto* runners = new MacroRunners();
  return *runners;
}

}  // namespace dossier::sandbox
