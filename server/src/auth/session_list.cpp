#include "auth/session_list.hpp"

#include <algorithm>

#include "auth/audit_log.hpp"
#include "auth/errors.hpp"
#include "auth/session_memory.hpp"
#include "auth/sessions.hpp"
#include "auth/user_agent.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"

namespace dossier::auth {

namespace {

// Tells every process, and the ended sessions' open tabs; after the change has committed.
void announceEnded(environments::Environment& environment, const std::vector<std::int64_t>& ended) {
  if (ended.empty()) {
    return;
  }
  forgetSessions(environment);
  for (const auto id : ended) {
    environment.endHubSession(std::to_string(id), "You were signed out from another session.");
  }
}

std::vector<std::int64_t> openIdsOf(db::Connection& db, std::int64_t userId) {
  std::vector<std::int64_t> ids;
  auto row = db.query("SELECT id FROM sessions WHERE user_id = ?1 AND revoked_at IS NULL", userId);
  while (row.step()) {
    ids.push_back(row.integer(0));
  }
  return ids;
}

}  // namespace

std::vector<OpenSession> openSessionsOf(environments::Environment& environment,
                                        const api::Session& session, TimePoint now) {
  const auto& policy = environment.config().sessions;
  std::vector<OpenSession> out;
  auto db = environment.db().acquire();
  auto row = db->query(
      "SELECT id, method, user_agent, client_address, created_at, last_seen_at FROM sessions "
      "WHERE user_id = ?1 AND revoked_at IS NULL AND expires_at > ?2 AND last_seen_at > ?3 "
      "ORDER BY last_seen_at DESC, id DESC",
      session.userId, now, now - policy.idleTimeout);
  while (row.step()) {
    OpenSession open;
    open.id = row.integer(0);
    open.current = open.id == session.sessionId;
    open.method = row.text(1);
    open.userAgent = row.text(2);
    open.browser = browserOf(open.userAgent);
    open.clientAddress = row.text(3);
    open.startedAt = row.text(4);
    open.lastUsedAt = row.text(5);
    out.push_back(std::move(open));
  }
  std::stable_partition(out.begin(), out.end(),
                        [](const OpenSession& each) { return each.current; });
  return out;
}

Status endOwnSession(environments::Environment& environment, const api::Session& session,
                     std::int64_t sessionId, const std::string& clientAddress,
                     const std::string& correlationId, TimePoint now) {
  {
    auto db = environment.db().acquire();
    db::Transaction transaction(*db);
    const int ended = db->execute(
        "UPDATE sessions SET revoked_at = ?1 WHERE id = ?2 AND user_id = ?3 AND revoked_at IS "
        "NULL",
        now, sessionId, session.userId);
    if (ended == 0) {
      return Error::of(errors::kSessionNotFound,
                       "That session has ended already, or is not one of yours.");
    }
    recordSecurityEvent(*db, {"session.ended", session.userId, session.username, clientAddress,
                              correlationId, "session " + std::to_string(sessionId)});
    transaction.commit();
  }
  announceEnded(environment, {sessionId});
  return {};
}

int endOtherOwnSessions(environments::Environment& environment, const api::Session& session,
                        const std::string& clientAddress, const std::string& correlationId,
                        TimePoint now) {
  std::vector<std::int64_t> ended;
  {
    auto db = environment.db().acquire();
    db::Transaction transaction(*db);
    for (const auto id : openIdsOf(*db, session.userId)) {
      if (id != session.sessionId) {
        ended.push_back(id);
      }
    }
    revokeOtherSessions(*db, session.userId, session.sessionId, now);
    recordSecurityEvent(*db,
                        {"session.ended_others", session.userId, session.username, clientAddress,
                         correlationId, std::to_string(ended.size()) + " ended"});
    transaction.commit();
  }
  announceEnded(environment, ended);
  return static_cast<int>(ended.size());
}

}  // namespace dossier::auth
