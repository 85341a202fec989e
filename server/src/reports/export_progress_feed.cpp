#include "reports/export_progress_feed.hpp"

#include <map>
#include <memory>
#include <tuple>

#include "realtime/fanout.hpp"
#include "reports/report_exports.hpp"

namespace dossier::reports {

namespace {

// How long after it finished an export is still looked at: a round that misses the moment (the
// feed was busy) tells of it next time.
constexpr auto kFinishedLookBack = std::chrono::seconds(30);

using Told = std::tuple<ExportStatus, std::int64_t, bool>;

}  // namespace

environments::FeedSource exportProgressSource(std::chrono::seconds keptFor) {
  // What each export's owner was last told; an export that left the window is forgotten.
  auto told = std::make_shared<std::map<std::int64_t, Told>>();
  return [told, keptFor](db::Connection& db, realtime::Publisher& hub) {
    std::map<std::int64_t, Told> now;
    for (const auto& exported : exportsInMotion(db, Clock::now() - kFinishedLookBack)) {
      const Told state{exported.status, exported.rowsDone, exported.cancelRequested};
      now.emplace(exported.id, state);
      const auto before = told->find(exported.id);
      if (before != told->end() && before->second == state) {
        continue;
      }
      const auto kept = exported.finishedAt
                            ? std::optional<TimePoint>(*exported.finishedAt + keptFor)
                            : std::nullopt;
      hub.toUser(exported.userId, boost::json::object{{"type", "reportExport"},
                                                      {"export", exportJson(exported, kept)}});
    }
    *told = std::move(now);
  };
}

}  // namespace dossier::reports
