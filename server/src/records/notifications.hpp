#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <boost/json/object.hpp>

#include "core/clock.hpp"

namespace dossier::db {
class Connection;
}

namespace dossier::records {

// A message for one user (spec 2 §3 "Notification": type and message), with the record it is
// about. Written in the transaction of what caused it; the hub pushes it once that commits.
struct Notification {
  std::int64_t id = 0;
  std::int64_t userId = 0;
  std::string type;  // success, warning, info, error
  std::string message;
  std::string entityKind;  // case, person, or empty
  std::string entityIdentifier;
  std::string source;  // role, macro, task
  std::string createdAt;
  bool read = false;
};

inline constexpr std::size_t kNotificationMessageLimit = 500;

bool isNotificationType(std::string_view type);

// As the API and the hub send it (openapi.yaml, Notification).
boost::json::object notificationJson(const Notification& notification);

// The message is cut at kNotificationMessageLimit characters; the type must be one of the four.
std::int64_t addNotification(db::Connection& db, Notification notification, TimePoint now);

// The user whose person record this is, if one is.
std::optional<std::int64_t> userOfPerson(db::Connection& db, std::int64_t personId);

struct NotificationPage {
  std::vector<Notification> items;  // newest first
  std::int64_t unread = 0;
  bool more = false;
};
// A user's notifications older than `before` (all when 0), at most `limit`.
NotificationPage notificationsOf(db::Connection& db, std::int64_t userId, std::int64_t before,
                                 int limit);
// Marks one as read; false when it is not the user's.
bool markNotificationRead(db::Connection& db, std::int64_t userId, std::int64_t id, TimePoint now);
// Marks all the user's as read; how many were unread.
int markAllNotificationsRead(db::Connection& db, std::int64_t userId, TimePoint now);
// Those made after `after`, oldest first, at most `limit`: what the hub pushes.
std::vector<Notification> notificationsAfter(db::Connection& db, std::int64_t after, int limit);
// One user's, numbered after `after`, oldest first, at most `limit`.
std::vector<Notification> notificationsOfUserAfter(db::Connection& db, std::int64_t userId,
                                                   std::int64_t after, int limit);
std::int64_t latestNotificationId(db::Connection& db);
// Removes read notifications older than `cutoff`; how many.
int removeReadNotificationsBefore(db::Connection& db, TimePoint cutoff);

}  // namespace dossier::records
