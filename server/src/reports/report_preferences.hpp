#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "core/clock.hpp"

namespace dossier::db {
class Connection;
}

namespace dossier::reports {

// What one person keeps of a report: a favourite, when they last ran it, and the filters they
// chose then (as the panel sent them, JSON), given back as the next run's.
struct ReportPreference {
  bool favourite = false;
  std::optional<TimePoint> lastRunAt;
  std::string filters = "[]";
};

std::map<std::string, ReportPreference> preferencesOf(db::Connection& db, std::int64_t userId);
ReportPreference preferenceOf(db::Connection& db, std::int64_t userId, const std::string& code);
void setFavourite(db::Connection& db, std::int64_t userId, const std::string& code, bool favourite);
void recordRun(db::Connection& db, std::int64_t userId, const std::string& code,
               const std::string& filters, TimePoint now);

}  // namespace dossier::reports
