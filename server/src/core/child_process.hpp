#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

namespace dossier {

// What a child may use before it is stopped: untrusted files are read by a separate program under
// these limits, so that a file made to loop or to eat memory stops the child, never the server.
struct ChildLimits {
  std::uint64_t memoryBytes = 512ull * 1024 * 1024;  // address space
  unsigned cpuSeconds = 30;
  std::chrono::milliseconds wallTime{60'000};
  std::size_t outputBytes = 16 * 1024 * 1024;
};

struct ChildResult {
  enum class Outcome { Exited, Killed, TimedOut, OutputTooLarge, CouldNotStart, Stopped };
  Outcome outcome = Outcome::CouldNotStart;
  int exitCode = -1;   // when Exited
  int signal = 0;      // when Killed (SIGXCPU for CPU time, SIGKILL or SIGSEGV for memory)
  std::string output;  // standard output, at most outputBytes
  std::string errors;  // the start of standard error, for the log

  bool succeeded() const { return outcome == Outcome::Exited && exitCode == 0; }
  // "stopped after 30 s of CPU time", "exited with 2: …": for the log and the document's record.
  std::string describe() const;
};

// Runs program with arguments (no shell), its standard input empty, under the limits; waits for
// it. Safe to call from any thread: the child only sets its limits and execs. A stop requested
// through `stop` kills the child within kStopCheck (Outcome::Stopped): a server that is stopping
// does not wait for a long file read at the lowest priority to end.
inline constexpr std::chrono::milliseconds kStopCheck{100};
ChildResult runChild(const std::string& program, const std::vector<std::string>& arguments,
                     const ChildLimits& limits, std::stop_token stop = {});

// A child that stays, to be talked to: its standard input and output are the other end of
// `socket` (a stream socket, non-blocking on this side, closed on exec), its standard error goes
// nowhere. Its limits are runChild's but for wallTime and outputBytes, which are the caller's to
// keep. The caller ends it (endChild).
struct ChildConnection {
  int pid = -1;
  int socket = -1;
};
// nullopt when no socket or process could be made; a program that cannot be run exits with 127
// (126 when its limits could not be set) before it reads anything.
std::optional<ChildConnection> startChild(const std::string& program,
                                          const std::vector<std::string>& arguments,
                                          const ChildLimits& limits);
// Kills the child (SIGKILL), closes the socket and waits for it; how it ended, for the log.
ChildResult endChild(ChildConnection& child);
// Closes the socket and waits for the child to end, as it does when its input ends; for a child
// that is known to be done.
ChildResult reapChild(ChildConnection& child);

}  // namespace dossier
