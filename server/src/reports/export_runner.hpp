#pragma once

#include <chrono>
#include <stop_token>
#include <string>

#include "reports/background_loop.hpp"

namespace dossier::environments {
class Environment;
}

namespace dossier::reports {

struct RunnerTiming {
  // How often a running export's runner writes its progress and reads whether to cancel.
  std::chrono::milliseconds beat{1'000};
  // A running export whose runner has not beaten for this long (its process died) is queued again.
  std::chrono::milliseconds silence{30'000};
  // How often an idle runner looks for exports queued by other processes.
  std::chrono::milliseconds poll{2'000};
};

// Runs the exports queued in an environment's report_exports, one at a time, on a thread of its
// own: every server process has one, and whichever takes a queued export first (claimNextExport)
// runs it, so the work spreads over the processes sharing the database. An export runs with the
// rights of the person who asked for it, as they are when it runs; a disabled account's is not
// run. Its owner hears its progress over the hub (export_progress_feed.hpp) and is notified when
// it is done or failed. A server that stops puts its running export back in the queue.
class ExportRunner {
 public:
  // `runner` names this process to the others (tests give two of one process different names).
  ExportRunner(environments::Environment& environment, RunnerTiming timing = {},
               std::string runner = defaultRunner());
  ~ExportRunner();
  ExportRunner(const ExportRunner&) = delete;
  ExportRunner& operator=(const ExportRunner&) = delete;

  void start();
  void stop();
  // Queues again the exports whose runner fell silent, then runs the oldest queued one, if any:
  // what the thread does each round, and what tests call. True when one ran.
  bool runOnce(std::stop_token stop = {});

  static std::string defaultRunner();

 private:
  environments::Environment& environment_;
  RunnerTiming timing_;
  std::string runner_;
  BackgroundLoop loop_;
};

// An export was queued in this process: its runners look now rather than at their next poll.
void wakeExportRunners();

}  // namespace dossier::reports
