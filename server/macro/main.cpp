// dossier-macro: runs configuration macros (Lua) for the server, which keeps a few of it running
// as child processes under memory, CPU-time and file limits and kills one at a run's deadline
// (server/src/sandbox/macro_runners.hpp), so that no macro holds the server past it whatever the
// Lua VM does. It links only Lua and the sandbox: nothing of the server's data, files or sockets
// is within its reach.
//
//   dossier-macro serve   reads run messages on standard input and answers each on standard
//                         output (server/src/sandbox/macro_messages.hpp), asking the server for
//                         what dossier.search and dossier.linked look up, until its input ends
//
// Each run has a fresh Lua state. Exit status: 0 when its input ended, 2 wrong use, 3 a message
// it could not read or write (the server then replaces it).

#include <cerrno>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <sys/resource.h>
#include <unistd.h>

#include "sandbox/errors.hpp"
#include "sandbox/lua_sandbox.hpp"
#include "sandbox/macro_messages.hpp"

namespace {

using namespace dossier::sandbox;
using dossier::Error;
using dossier::Result;

bool readExactly(int fd, char* into, std::size_t length) {
  while (length > 0) {
    const auto n = ::read(fd, into, length);
    if (n < 0 && errno == EINTR) {
      continue;
    }
    if (n <= 0) {
      return false;
    }
    into += n;
    length -= static_cast<std::size_t>(n);
  }
  return true;
}

bool writeAll(int fd, const std::string& bytes) {
  std::size_t written = 0;
  while (written < bytes.size()) {
    const auto n = ::write(fd, bytes.data() + written, bytes.size() - written);
    if (n < 0 && errno == EINTR) {
      continue;
    }
    if (n <= 0) {
      return false;
    }
    written += static_cast<std::size_t>(n);
  }
  return true;
}

// The next message from the server; nullopt when its input ended (or broke off).
std::optional<boost::json::object> receive() {
  unsigned char header[kFrameHeaderBytes];
  if (!readExactly(0, reinterpret_cast<char*>(header), sizeof header)) {
    return std::nullopt;
  }
  const auto length = frameLength(header);
  if (length > kMostFrameBytes) {
    std::exit(3);
  }
  std::string body(length, '\0');
  if (!readExactly(0, body.data(), length)) {
    return std::nullopt;
  }
  auto message = parseMessage(body);
  if (!message) {
    std::exit(3);
  }
  return message;
}

void send(const boost::json::object& message) {
  if (!writeAll(1, framed(message))) {
    std::exit(3);
  }
}

// dossier.search and dossier.linked, asked of the server, which answers with the records the
// person may see. The run waits for the answer; the server's deadline covers that wait too.
class ServerHost final : public MacroHost {
 public:
  boost::json::array search(std::string_view text, const std::vector<std::string>& types,
                            std::size_t limit) noexcept override {
    return ask(searchMessage(text, types, limit));
  }
  boost::json::array linked(std::string_view roleCode) noexcept override {
    return ask(linkedMessage(roleCode));
  }
  void printed(std::string_view text) noexcept override {
    try {
      send(printMessage(text));
    } catch (...) {
      std::exit(3);
    }
  }

 private:
  static boost::json::array ask(const boost::json::object& question) noexcept {
    try {
      send(question);
      auto answer = receive();
      if (!answer) {
        std::exit(0);  // the server is gone
      }
      return readFoundMessage(*answer);
    } catch (...) {
      std::exit(3);
    }
  }
};

std::int64_t cpuMilliseconds() {
  rusage usage{};
  ::getrusage(RUSAGE_SELF, &usage);
  return static_cast<std::int64_t>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000 +
         (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1000;
}

// Larger than what a macro may ask for (changes, records, documents) once written as JSON: the run
// ends in an error that says so, rather than in a message the server would refuse.
boost::json::object doneWithin(const Result<MacroOutcome>& outcome, const std::string& printed,
                               const std::string& chunkName) {
  auto done = doneMessage(outcome, printed, cpuMilliseconds());
  if (framed(done).size() <= kMostFrameBytes) {
    return done;
  }
  return doneMessage(
      Error::of(dossier::sandbox::errors::kMacroFailed,
                "The macro " + chunkName + " failed: what it asked for is larger than " +
                    std::to_string(kMostFrameBytes / (1024 * 1024)) + " MB"),
      printed, cpuMilliseconds());
}

int serve() {
  for (;;) {
    auto message = receive();
    if (!message) {
      return 0;
    }
    auto request = readRunMessage(*message);
    if (!request) {
      return 3;
    }
    ServerHost host;
    request->input.host = &host;
    std::string printed;
    const auto outcome =
        runMacro(request->chunkName, request->source, request->input, request->limits, &printed);
    send(doneWithin(outcome, printed, request->chunkName));
  }
}

}  // namespace

int main(int argc, char** argv) {
  const std::string_view command = argc > 1 ? argv[1] : "";
  if (command == "serve" && argc == 2) {
    try {
      return serve();
    } catch (...) {
      return 3;
    }
  }
  std::fprintf(stderr, "usage: dossier-macro serve (run by the dossier server)\n");
  return 2;
}
