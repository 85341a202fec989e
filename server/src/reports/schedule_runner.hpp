#pragma once

#include <chrono>

#include "reports/background_loop.hpp"

namespace dossier::environments {
class Environment;
}

namespace dossier::reports {

// Sends scheduled reports when they fall due, on a thread of its own in every server process: a
// runner takes a due occurrence by moving the schedule's next time on (report_schedules.hpp), so
// that one process sends it. Each recipient's copy is made with their rights as they are then
// (what they may not see is not in it; one who may no longer run the report gets none), attached
// or as a link to the reports area, where it is kept as one of their exports; "only if it has
// rows" skips an empty copy. What could not be sent is told to the schedule's owner as a
// notification, and kept as its last outcome. An occurrence missed while no server ran is sent
// once when one starts, not once for each time missed.
class ScheduleRunner {
 public:
  explicit ScheduleRunner(environments::Environment& environment,
                          std::chrono::milliseconds poll = std::chrono::seconds(30));
  ~ScheduleRunner();
  ScheduleRunner(const ScheduleRunner&) = delete;
  ScheduleRunner& operator=(const ScheduleRunner&) = delete;

  void start();
  void stop();
  // Sends the schedule due longest, if one is due: what the thread does, and what tests call.
  bool runOnce();

 private:
  environments::Environment& environment_;
  BackgroundLoop loop_;
};

// A schedule was made due now in this process: its runners look at once.
void wakeScheduleRunners();

}  // namespace dossier::reports
