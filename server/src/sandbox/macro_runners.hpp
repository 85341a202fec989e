#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "core/child_process.hpp"
#include "core/result.hpp"
#include "sandbox/errors.hpp"
#include "sandbox/lua_sandbox.hpp"

namespace dossier::sandbox {

// How many macro runners there may be (sized for the server in core/capacity.hpp).
struct RunnerCounts {
  std::size_t running = 4;  // runs at once, each in a runner of its own
  std::size_t waiting = 4;  // runs that may wait for one; beyond these a run is refused at once
  std::size_t idle = 2;     // runners kept started between runs
};

// What a run came to, and what its print wrote (for its run record) however it ended.
struct MacroRunReport {
  Result<MacroOutcome> outcome = Error::of(errors::kMacroUnfinished, "");
  std::string printed;
};

// A runner is retired after this many runs, or this much CPU time, so that its CPU-time limit
// (kRunnerLimits) never stops an innocent run.
inline constexpr unsigned kMostRunsPerRunner = 10'000;
inline constexpr std::int64_t kRunnerCpuMilliseconds = 30'000;

// What a runner process may use besides the Lua allocator's own cap (Limits::memoryBytes): the
// address space holds the program, the messages (up to kMostFrameBytes) and the VM.
ChildLimits runnerLimits();

// The macro runner program: $DOSSIER_MACRO when set, else dossier-macro beside the running
// program (the build puts it there).
std::string macroRunnerProgram();

// Runs macros the way the server must: each run in a fresh Lua state inside a child process
// (dossier-macro, server/macro/) under memory, CPU-time and file limits, which is killed (SIGKILL)
// at the run's deadline whatever the VM does — in a C function, a finalizer or a pattern that
// backtracks for ever, where Lua's hook never runs. The deadline (Limits::wallClock) counts from
// the call and covers everything: waiting for a runner, the run, and the host's lookups
// (dossier.search and dossier.linked, which the runner asks of this process over its socket and
// which run here with the person's rights). Runners are kept between runs (at most `idle`),
// since starting one costs more than a run; a runner that timed out, crashed, broke its limits or
// said what a runner may not is killed, and the next run starts another.
//
// Every failure is a 422 sandbox.macro_failed whose message says what happened: "The macro
// checks.lua failed: stopped: it ran too long" at the deadline (the words of the VM's own clock),
// "… it ended unexpectedly" for a crash or memory, "… its runner sent what the server does not
// take" for garbage or a flood; "The macro checks.lua was not run: the server is busy running other
// macros" when `running` runs are under way and `waiting` more already wait. Safe to call from any
// thread; never throws.
class MacroRunners {
 public:
  explicit MacroRunners(RunnerCounts counts = {}, std::string program = "");
  ~MacroRunners();
  MacroRunners(const MacroRunners&) = delete;
  MacroRunners& operator=(const MacroRunners&) = delete;

  MacroRunReport run(std::string_view chunkName, std::string_view source, const MacroInput& input,
                     const Limits& limits = {});

  void resize(RunnerCounts counts);
  // How many runners are kept started now, waiting for a run.
  std::size_t idleRunners();
  // How many runs have a runner now, and how many wait for one.
  std::size_t runsUnderWay();
  std::size_t runsWaiting();

 private:
  struct Runner {
    ChildConnection child;
    unsigned runs = 0;
  };

  bool enter(std::chrono::steady_clock::time_point deadline);
  void leave();
  // A started runner, or one started now; false when none could be.
  bool take(Runner& runner);
  void giveBack(Runner runner, bool keep);

  std::string program_;
  std::mutex mutex_;
  std::condition_variable freed_;
  RunnerCounts counts_;
  std::size_t active_ = 0;
  std::size_t queued_ = 0;
  std::vector<Runner> idle_;
};

// The server's runners, sized at start (core/capacity.hpp); never destroyed, so that no run in
// flight outlives them at exit (the runners end when their input does).
MacroRunners& macroRunners();

}  // namespace dossier::sandbox
