#include "auth/account_alert.hpp"

#include <spdlog/spdlog.h>

#include "auth/audit_log.hpp"
#include "auth/sign_in.hpp"
#include "auth/users.hpp"
#include "environments/environment.hpp"
#include "records/notifications.hpp"
#include "types/entity_type.hpp"

namespace dossier::auth {

namespace {

std::string counted(long long n, const char* unit) {
  return std::to_string(n) + " " + unit + (n == 1 ? "" : "s");
}

void notifyAlertGroup(environments::Environment& environment, db::Connection& db,
                      const std::string& message, TimePoint now) {
  const auto& groupName = environment.config().signIn.throttle.alertGroup;
  if (groupName.empty()) {
    return;
  }
  for (const auto& group : environment.catalog().groups) {
    if (group.name != groupName) {
      continue;
    }
    for (const auto& member : group.members) {
      const auto user = findUserByName(db, member);
      if (!user || user->disabled) {
        continue;
      }
      records::Notification notification;
      notification.userId = user->id;
      notification.type = "warning";
      notification.message = message;
      notification.source = "security";
      records::addNotification(db, std::move(notification), now);
    }
  }
}

}  // namespace

std::string describeDuration(std::chrono::seconds duration) {
  const auto seconds = duration.count();
  if (seconds % 86400 == 0) {
    return counted(seconds / 86400, "day");
  }
  if (seconds % 3600 == 0) {
    return counted(seconds / 3600, "hour");
  }
  if (seconds % 60 == 0) {
    return counted(seconds / 60, "minute");
  }
  return counted(seconds, "second");
}

void announceAccountUnderAttack(environments::Environment& environment, db::Connection& db,
                                const SignInAttempt& attempt, int failures, TimePoint now) {
  const auto window = environment.config().signIn.throttle.window;
  const auto username = attempt.username.substr(0, kMaxCredentialLength);
  recordSecurityEvent(
      db, {"signin.account_under_attack", std::nullopt, username, attempt.clientAddress,
           attempt.correlationId,
           std::to_string(failures) +
               " failed sign-ins within the window; addresses it has not signed in from now wait "
               "for the account, and every address from its first failure"});
  spdlog::warn("sign-in: {} failed attempts on account '{}' within {} s (cid={})", failures,
               username, window.count(), attempt.correlationId);
  notifyAlertGroup(environment, db,
                   "Someone may be guessing the password of the account '" + username +
                       "': " + std::to_string(failures) + " failed sign-ins within " +
                       describeDuration(window) +
                       ". Sign-ins to it from computers it has not signed in from lately are "
                       "slowed down; the security audit has the details.",
                   now);
}

}  // namespace dossier::auth
