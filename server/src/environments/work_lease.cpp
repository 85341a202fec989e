#include "environments/work_lease.hpp"

#include <array>
#include <cerrno>
#include <condition_variable>
#include <mutex>
#include <signal.h>
#include <sstream>
#include <unistd.h>

#include <spdlog/spdlog.h>

#include "core/crypto.hpp"
#include "db/connection.hpp"
#include "db/pool.hpp"

namespace dossier::environments {

namespace {

std::string hostName() {
  std::array<char, 256> name{};
  if (::gethostname(name.data(), name.size() - 1) != 0) {
    return "unknown";
  }
  return name.data();
}

// A holder named by a process of this machine that is no longer running: its lease need not
// wait out the expiry. (A pid used again by another program only makes the wait the usual one.)
bool deadHereAndNow(const std::string& holder) {
  std::istringstream words(holder);
  std::string host;
  long pid = 0;
  if (!(words >> host >> pid) || host != hostName() || pid <= 0) {
    return false;
  }
  return ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH;
}

}  // namespace

const std::string& WorkLease::thisProcess() {
  static const std::string name =
      hostName() + " " + std::to_string(::getpid()) + " " + randomHex(4);
  return name;
}

WorkLease::WorkLease(db::Pool& pool, std::string environment, std::string name, LeaseTiming timing,
                     std::string holder)
    : pool_(pool),
      environment_(std::move(environment)),
      name_(std::move(name)),
      timing_(timing),
      holder_(std::move(holder)) {
  // Asked at once, so that work due at start is done at start by the first process up.
  beatOnce();
  thread_ = std::jthread([this](std::stop_token stop) { loop(stop); });
}

WorkLease::~WorkLease() {
  thread_.request_stop();
  if (thread_.joinable()) {
    thread_.join();
  }
  release();
}

void WorkLease::loop(std::stop_token stop) {
  std::mutex mutex;
  std::condition_variable_any wake;
  while (!stop.stop_requested()) {
    {
      std::unique_lock lock(mutex);
      wake.wait_for(lock, stop, timing_.beat, [] { return false; });
    }
    if (!stop.stop_requested()) {
      beatOnce();
    }
  }
}

void WorkLease::beatOnce() {
  const auto now = std::chrono::steady_clock::now();
  try {
    auto db = pool_.acquire();
    db::Transaction transaction(*db);
    auto row = db->query("SELECT holder, beat FROM work_leases WHERE name = ?1", name_);
    bool ours = false;
    if (!row.step()) {
      db->execute("INSERT INTO work_leases (name, holder, beat) VALUES (?1, ?2, 1)", name_,
                  holder_);
      ours = true;
    } else {
      const auto holder = row.text(0);
      const auto beat = row.integer(1);
      if (holder == holder_) {
        db->execute("UPDATE work_leases SET beat = beat + 1 WHERE name = ?1 AND holder = ?2", name_,
                    holder_);
        ours = true;
      } else {
        const std::pair observed{holder, beat};
        if (seen_ != observed) {
          seen_ = observed;
          seenSince_ = now;
        }
        if (now - seenSince_ >= timing_.expiry || deadHereAndNow(holder)) {
          db->execute(
              "UPDATE work_leases SET holder = ?1, beat = beat + 1 WHERE name = ?2 AND holder = ?3 "
              "AND beat = ?4",
              holder_, name_, holder, beat);
          ours = db->changes() == 1;
          if (ours) {
            spdlog::info("{}: {}: this process took over from {}, which has gone silent",
                         environment_, name_, holder);
          }
        }
      }
    }
    transaction.commit();
    if (ours) {
      if (!held_.load()) {
        spdlog::debug("{}: {}: this process does it now", environment_, name_);
      }
      seen_.reset();
      renewed_ = now;
      held_ = true;
      return;
    }
    if (held_.exchange(false)) {
      spdlog::warn("{}: {}: another process has taken it over", environment_, name_);
    }
  } catch (const std::exception& e) {
    // Cut off from the database: keep going for the lapse, no longer (another may take over).
    if (held_.load() && now - renewed_ >= timing_.lapse) {
      held_ = false;
      spdlog::warn(
          "{}: {}: stopped, as the database has not confirmed it for {} s: {}", environment_, name_,
          std::chrono::duration_cast<std::chrono::seconds>(timing_.lapse).count(), e.what());
    }
  }
}

void WorkLease::release() {
  if (!held_.exchange(false)) {
    return;
  }
  try {
    auto db = pool_.acquire();
    db::Transaction transaction(*db);
    db->execute("DELETE FROM work_leases WHERE name = ?1 AND holder = ?2", name_, holder_);
    transaction.commit();
  } catch (const std::exception& e) {
    spdlog::warn("{}: {}: could not be handed back ({}): another process takes it over in time",
                 environment_, name_, e.what());
  }
}

}  // namespace dossier::environments
