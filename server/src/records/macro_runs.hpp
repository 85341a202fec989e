#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/clock.hpp"

namespace dossier::db {
class Connection;
}

namespace dossier::records {

// One run of a macro, as its audit row tells it.
struct MacroRun {
  std::string at;
  std::string script;
  std::string event;
  std::string typeRef;
  std::string username;
  std::string outcome;  // changed, fieldErrors, refused, failed
  std::string detail;   // what it changed, its refusal or its error
  std::int64_t milliseconds = 0;
  std::string printed;  // what its print wrote (bounded by the sandbox)
};

void recordMacroRun(db::Connection& db, const MacroRun& run, TimePoint now);
// The latest runs first.
std::vector<MacroRun> latestMacroRuns(db::Connection& db, int count);

}  // namespace dossier::records
