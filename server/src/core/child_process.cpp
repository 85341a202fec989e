#include "core/child_process.hpp"

#include <array>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

namespace dossier {

namespace {

using Clock = std::chrono::steady_clock;

constexpr std::size_t kErrorBytes = 4096;

void closeQuietly(int& fd) {
  if (fd >= 0) {
    ::close(fd);
    fd = -1;
  }
}

// Between fork and exec only async-signal-safe calls: the parent has other threads. A descriptor
// of -1 becomes /dev/null.
[[noreturn]] void becomeChild(const char* program, char* const* argv, int in, int out, int err,
                              const ChildLimits& limits) {
  const int empty = ::open("/dev/null", O_RDWR);
  if (empty < 0 || ::dup2(in >= 0 ? in : empty, 0) < 0 || ::dup2(out >= 0 ? out : empty, 1) < 0 ||
      ::dup2(err >= 0 ? err : empty, 2) < 0) {
    ::_exit(126);
  }
  // Every other descriptor of the server (sockets, databases) closes.
  if (::close_range(3, ~0U, 0) != 0) {
    for (int fd = 3; fd < 65536; ++fd) {
      ::close(fd);
    }
  }
  const rlimit memory{limits.memoryBytes, limits.memoryBytes};
  const rlimit cpu{limits.cpuSeconds, limits.cpuSeconds + 1};
  const rlimit noFiles{0, 0};
  const rlimit fewFiles{32, 32};
  const rlimit noCore{0, 0};
  if (::setrlimit(RLIMIT_AS, &memory) != 0 || ::setrlimit(RLIMIT_CPU, &cpu) != 0 ||
      ::setrlimit(RLIMIT_FSIZE, &noFiles) != 0 || ::setrlimit(RLIMIT_NOFILE, &fewFiles) != 0 ||
      ::setrlimit(RLIMIT_CORE, &noCore) != 0) {
    ::_exit(126);
  }
  // The server ignores SIGPIPE (http/server.cpp); a program of ours or a library's expects it.
  ::signal(SIGPIPE, SIG_DFL);
  // The lowest priority: reading a file never competes with answering people.
  [[maybe_unused]] const int nice = ::nice(19);
  ::execv(program, argv);
  ::_exit(127);
}

// argv for execv: the program, then its arguments; pointers into words, which must outlive it.
std::vector<char*> argvOf(std::vector<std::string>& words) {
  std::vector<char*> argv;
  for (auto& word : words) {
    argv.push_back(word.data());
  }
  argv.push_back(nullptr);
  return argv;
}

ChildResult howItEnded(int status) {
  ChildResult result;
  if (WIFEXITED(status)) {
    result.outcome = ChildResult::Outcome::Exited;
    result.exitCode = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    result.outcome = ChildResult::Outcome::Killed;
    result.signal = WTERMSIG(status);
  }
  return result;
}

int waitFor(int pid) {
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return status;
}

}  // namespace

std::string ChildResult::describe() const {
  switch (outcome) {
    case Outcome::Exited:
      return exitCode == 0 ? "finished"
                           : "exited with " + std::to_string(exitCode) +
                                 (errors.empty() ? "" : ": " + errors.substr(0, 300));
    case Outcome::Killed:
      return signal == SIGXCPU
                 ? "stopped: it used all the CPU time it may"
                 : "stopped by signal " + std::to_string(signal) + " (out of memory or a crash)";
    case Outcome::TimedOut:
      return "stopped: it took longer than it may";
    case Outcome::OutputTooLarge:
      return "stopped: it wrote more than it may";
    case Outcome::Stopped:
      return "stopped before it finished";
    case Outcome::CouldNotStart:
      break;
  }
  return "could not be started";
}

ChildResult runChild(const std::string& program, const std::vector<std::string>& arguments,
                     const ChildLimits& limits, std::stop_token stop) {
  ChildResult result;
  std::vector<std::string> words{program};
  words.insert(words.end(), arguments.begin(), arguments.end());
  auto argv = argvOf(words);

  int out[2] = {-1, -1};
  int err[2] = {-1, -1};
  if (::pipe2(out, O_CLOEXEC) != 0) {
    return result;
  }
  if (::pipe2(err, O_CLOEXEC) != 0) {
    closeQuietly(out[0]);
    closeQuietly(out[1]);
    return result;
  }
  const pid_t pid = ::fork();
  if (pid < 0) {
    for (int* fd : {&out[0], &out[1], &err[0], &err[1]}) {
      closeQuietly(*fd);
    }
    return result;
  }
  if (pid == 0) {
    becomeChild(program.c_str(), argv.data(), -1, out[1], err[1], limits);
  }
  closeQuietly(out[1]);
  closeQuietly(err[1]);

  const auto deadline = Clock::now() + limits.wallTime;
  bool killed = false;
  std::array<char, 65536> buffer{};
  pollfd fds[2] = {{out[0], POLLIN, 0}, {err[0], POLLIN, 0}};
  int open = 2;
  while (open > 0) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0 || stop.stop_requested()) {
      result.outcome = left <= 0 ? ChildResult::Outcome::TimedOut : ChildResult::Outcome::Stopped;
      ::kill(pid, SIGKILL);
      killed = true;
      break;
    }
    const int ready =
        ::poll(fds, 2, static_cast<int>(std::min<long long>(left, kStopCheck.count())));
    if (ready < 0 && errno != EINTR) {
      break;
    }
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || (fds[i].revents & (POLLIN | POLLHUP | POLLERR)) == 0) {
        continue;
      }
      const auto n = ::read(fds[i].fd, buffer.data(), buffer.size());
      if (n <= 0) {
        if (n < 0 && errno == EINTR) {
          continue;
        }
        ::close(fds[i].fd);
        fds[i].fd = -1;
        --open;
        continue;
      }
      auto& into = i == 0 ? result.output : result.errors;
      const std::size_t cap = i == 0 ? limits.outputBytes : kErrorBytes;
      const std::size_t room = cap > into.size() ? cap - into.size() : 0;
      into.append(buffer.data(), std::min<std::size_t>(room, static_cast<std::size_t>(n)));
      if (i == 0 && static_cast<std::size_t>(n) > room) {
        result.outcome = ChildResult::Outcome::OutputTooLarge;
        ::kill(pid, SIGKILL);
        killed = true;
        open = 0;
        break;
      }
    }
  }
  for (auto& fd : fds) {
    if (fd.fd >= 0) {
      ::close(fd.fd);
    }
  }
  const int status = waitFor(pid);
  if (killed) {
    return result;
  }
  auto ended = howItEnded(status);
  ended.output = std::move(result.output);
  ended.errors = std::move(result.errors);
  return ended;
}

std::optional<ChildConnection> startChild(const std::string& program,
                                          const std::vector<std::string>& arguments,
                                          const ChildLimits& limits) {
  std::vector<std::string> words{program};
  words.insert(words.end(), arguments.begin(), arguments.end());
  auto argv = argvOf(words);
  int ends[2] = {-1, -1};
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends) != 0) {
    return std::nullopt;
  }
  const pid_t pid = ::fork();
  if (pid < 0) {
    closeQuietly(ends[0]);
    closeQuietly(ends[1]);
    return std::nullopt;
  }
  if (pid == 0) {
    becomeChild(program.c_str(), argv.data(), ends[1], ends[1], -1, limits);
  }
  closeQuietly(ends[1]);
  ::fcntl(ends[0], F_SETFL, ::fcntl(ends[0], F_GETFL) | O_NONBLOCK);
  return ChildConnection{pid, ends[0]};
}

ChildResult endChild(ChildConnection& child) {
  if (child.pid > 0) {
    ::kill(child.pid, SIGKILL);
  }
  return reapChild(child);
}

ChildResult reapChild(ChildConnection& child) {
  closeQuietly(child.socket);
  if (child.pid <= 0) {
    return {};
  }
  const int status = waitFor(child.pid);
  child.pid = -1;
  return howItEnded(status);
}

}  // namespace dossier
