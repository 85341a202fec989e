#include "reports/export_runner.hpp"

#include <atomic>
#include <cstdint>

#include <boost/json/parse.hpp>
#include <spdlog/spdlog.h>

#include "db/pool.hpp"
#include "environments/environment.hpp"
#include "environments/work_lease.hpp"
#include "records/notifications.hpp"
#include "records/user_identity.hpp"
#include "reports/errors.hpp"
#include "reports/report_exports.hpp"
#include "reports/report_service.hpp"

namespace dossier::reports {

namespace json = boost::json;

namespace {

Wakeup& exportsQueued() {
  static Wakeup wakeup;
  return wakeup;
}

const char* formatName(const std::string& format) {
  if (format == "xlsx") {
    return "Excel workbook";
  }
  if (format == "pdf") {
    return "PDF";
  }
  return "CSV";
}

std::string withThousands(std::int64_t value) {
  auto digits = std::to_string(value);
  for (auto at = static_cast<int>(digits.size()) - 3; at > 0; at -= 3) {
    digits.insert(static_cast<std::size_t>(at), ",");
  }
  return digits;
}

void tellOwner(db::Connection& db, const BackgroundExport& exported, const std::string& type,
               const std::string& message) {
  records::Notification notification;
  notification.userId = exported.userId;
  notification.type = type;
  notification.message = message;
  notification.source = "report";
  // So that the notification opens the export among the owner's exports.
  notification.entityKind = "export";
  notification.entityIdentifier = std::to_string(exported.id);
  records::addNotification(db, std::move(notification), Clock::now());
}

// The heartbeat of one running export, on a thread of its own so that a slow row never delays
// it: it writes how far the export is, and learns whether its owner asked to cancel or whether it
// was given to another runner meanwhile.
class Heartbeat {
 public:
  Heartbeat(db::Pool& pool, std::int64_t id, std::string runner, std::chrono::milliseconds every)
      : pool_(pool), id_(id), runner_(std::move(runner)), every_(every) {
    thread_ = std::jthread([this](std::stop_token stop) { loop(stop); });
  }
  ~Heartbeat() {
    thread_.request_stop();
    wake_.notify_all();
  }

  void rowsDone(std::int64_t rows) { rows_.store(rows, std::memory_order_relaxed); }
  bool cancelRequested() const { return cancel_.load(); }
  bool lost() const { return lost_.load(); }

 private:
  void loop(std::stop_token stop) {
    std::mutex mutex;
    while (!stop.stop_requested()) {
      {
        std::unique_lock lock(mutex);
        wake_.wait_for(lock, stop, every_, [] { return false; });
      }
      if (stop.stop_requested()) {
        return;
      }
      try {
        auto db = pool_.acquire();
        const auto beat = beatExport(*db, id_, runner_, rows_.load(), Clock::now());
        if (!beat) {
          lost_ = true;
        } else if (*beat) {
          cancel_ = true;
        }
      } catch (const std::exception& e) {
        // The next beat tries again; the silence allowed is many beats long.
        spdlog::warn("a report export's heartbeat failed: {}", e.what());
      }
    }
  }

  db::Pool& pool_;
  std::int64_t id_;
  std::string runner_;
  std::chrono::milliseconds every_;
  std::atomic<std::int64_t> rows_{0};
  std::atomic<bool> cancel_{false};
  std::atomic<bool> lost_{false};
  std::condition_variable_any wake_;
  std::jthread thread_;
};

}  // namespace

void wakeExportRunners() {
  exportsQueued().wake();
}

std::string ExportRunner::defaultRunner() {
  return environments::WorkLease::thisProcess();
}

ExportRunner::ExportRunner(environments::Environment& environment, RunnerTiming timing,
                           std::string runner)
    : environment_(environment),
      timing_(timing),
      runner_(std::move(runner)),
      loop_(exportsQueued(), timing.poll, environment.key() + ": running a report export",
            [this](std::stop_token stop) { return runOnce(stop); }) {}

ExportRunner::~ExportRunner() {
  stop();
}

void ExportRunner::start() {
  loop_.start();
}

void ExportRunner::stop() {
  loop_.stop();
}

bool ExportRunner::runOnce(std::stop_token stop) {
  std::optional<BackgroundExport> claimed;
  std::optional<records::Actor> owner;
  {
    auto db = environment_.db().acquire();
    const auto now = Clock::now();
    if (const auto requeued = requeueSilentExports(
            *db, now - std::chrono::duration_cast<Clock::duration>(timing_.silence));
        requeued > 0) {
      spdlog::warn("{}: {} report exports whose server stopped answering are queued again",
                   environment_.key(), requeued);
    }
    claimed = claimNextExport(*db, runner_, now);
    if (!claimed) {
      return false;
    }
    owner = records::enabledUser(*db, claimed->userId);
    if (!owner) {
      failExport(*db, claimed->id, runner_, "The account that asked for it is disabled or removed.",
                 Clock::now());
      return true;
    }
  }
  ExportRequest request{claimed->reportCode, claimed->format, {}};
  if (auto filters = json::parse(claimed->filters); filters.is_array()) {
    request.filters = std::move(filters.as_array());
  }
  Result<FinishedFile> made = FinishedFile{};
  bool lost = false;
  {
    Heartbeat heartbeat(environment_.db(), claimed->id, runner_, timing_.beat);
    made = makeExportFile(environment_, *owner, request, [&](std::int64_t rows) {
      heartbeat.rowsDone(rows);
      return !stop.stop_requested() && !heartbeat.cancelRequested() && !heartbeat.lost();
    });
    lost = heartbeat.lost();
  }
  auto db = environment_.db().acquire();
  const auto now = Clock::now();
  // Its owner hears how it ended now rather than at the feed's next round.
  struct Announce {
    environments::Environment& environment;
    ~Announce() { environment.announceChanges(); }
  } announce{environment_};
  if (lost) {
    // Another runner took it while this one was silent: that one's file is the one kept.
    return true;
  }
  if (made) {
    if (completeExport(*db, claimed->id, runner_, *made, now)) {
      tellOwner(*db, *claimed, "success",
                "Your export \"" + claimed->heading + "\" is ready (" + withThousands(made->rows) +
                    " rows, " + formatName(claimed->format) +
                    "): download it from Reports, under Your exports.");
    }
    return true;
  }
  if (made.error().is(errors::kExportCancelled)) {
    if (stop.stop_requested()) {
      giveBackExport(*db, claimed->id, runner_);
    } else {
      cancelledWhileRunning(*db, claimed->id, runner_, now);
    }
    return true;
  }
  spdlog::warn("{}: the export {} of report {} failed: {}", environment_.key(), claimed->id,
               claimed->reportCode, made.error().message);
  if (failExport(*db, claimed->id, runner_, made.error().message, now)) {
    tellOwner(*db, *claimed, "error",
              "Your export \"" + claimed->heading + "\" failed: " + made.error().message);
  }
  return true;
}

}  // namespace dossier::reports
