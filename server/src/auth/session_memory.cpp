#include "auth/session_memory.hpp"

#include <atomic>
#include <cstdint>
#include <string>

#include "auth/directory_groups.hpp"
#include "core/expiring_map.hpp"
#include "db/connection.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"

namespace dossier::auth {

namespace {

// Enough for every person signed in at a large office; past it, the oldest are asked for again.
constexpr std::size_t kRememberedSessions = 4096;
// A longer token is not one of ours; validateSession refuses it without hashing it.
constexpr std::size_t kLongestToken = 200;

struct SessionMemory {
  ExpiringMap<std::string, CheckedSession> checked{kSessionMemory, kRememberedSessions};
  // The environment's count of changes told by other processes, when this memory last forgot.
  std::atomic<std::uint64_t> changesHeard{0};
};

// What other processes said changed is forgotten before anything remembered is trusted.
ExpiringMap<std::string, CheckedSession>& currentMemory(environments::Environment& environment) {
  auto& memory = environment.featureState<SessionMemory>();
  const auto heard = environment.sessionChangesHeard();
  if (memory.changesHeard.exchange(heard) != heard) {
    memory.checked.forgetAll();
    // A cloud-directory sign-in there may have changed someone's groups.
    loadDirectoryGroups(environment);
  }
  return memory.checked;
}

}  // namespace

Result<Session> checkSession(environments::Environment& environment, std::string_view token,
                             TimePoint now) {
  auto& memory = currentMemory(environment);
  const bool rememberable = !token.empty() && token.size() <= kLongestToken;
  const auto key = rememberable ? hashToken(token) : std::string();
  if (rememberable) {
    if (auto known = memory.find(key, now); known && now < known->holdsUntil) {
      return std::move(known->session);
    }
  }
  const auto generation = memory.generation();
  auto checked = [&] {
    auto db = environment.db().acquire();
    return checkStoredSession(*db, token, environment.config().sessions, now);
  }();
  if (!checked) {
    return std::move(checked).error();
  }
  // A session that must change its password is not remembered: the change may be made on another
  // server process, and what comes next (the app opening everything) must not be refused there.
  if (rememberable && !checked->session.mustChangePassword) {
    memory.keep(key, *checked, now, generation);
  }
  return std::move(checked->session);
}

void forgetSessions(environments::Environment& environment) {
  environment.featureState<SessionMemory>().checked.forgetAll();
  environment.tellSessionsChanged();
}

}  // namespace dossier::auth
