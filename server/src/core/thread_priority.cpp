#include "core/thread_priority.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <spdlog/spdlog.h>

namespace dossier {

bool yieldThisThread(int nice) {
  thread_local bool set = false;
  thread_local bool done = false;
  if (!set) {
    set = true;
    done = setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), nice) == 0;
    if (!done) {
      spdlog::debug("could not set a thread's priority to nice {}", nice);
    }
  }
  return done;
}

}  // namespace dossier
