#include "records/notifications.hpp"

#include "db/connection.hpp"

namespace dossier::records {

namespace {

constexpr const char* kColumns =
    "id, user_id, type, message, entity_kind, entity_identifier, source, created_at, "
    "read_at IS NOT NULL";

Notification readRow(db::Query& row) {
  return {row.integer(0), row.integer(1), row.text(2), row.text(3),        row.text(4),
          row.text(5),    row.text(6),    row.text(7), row.integer(8) != 0};
}

// Cuts at a character boundary so that a long message stays valid UTF-8.
std::string cut(std::string text, std::size_t limit) {
  std::size_t characters = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80 && characters++ == limit) {
      text.resize(i);
      break;
    }
  }
  return text;
}

}  // namespace

boost::json::object notificationJson(const Notification& notification) {
  boost::json::object item{{"id", notification.id},
                           {"type", notification.type},
                           {"message", notification.message},
                           {"source", notification.source},
                           {"createdAt", notification.createdAt},
                           {"read", notification.read}};
  if (!notification.entityKind.empty()) {
    item["entity"] = notification.entityKind;
    item["entityId"] = notification.entityIdentifier;
  }
  return item;
}

bool isNotificationType(std::string_view type) {
  return type == "success" || type == "warning" || type == "info" || type == "error";
}

std::int64_t addNotification(db::Connection& db, Notification notification, TimePoint now) {
  if (!isNotificationType(notification.type)) {
    notification.type = "info";
  }
  return db.insertReturning(
      "INSERT INTO notifications (user_id, type, message, entity_kind, entity_identifier, source, "
      "created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) RETURNING id",
      notification.userId, notification.type,
      cut(std::move(notification.message), kNotificationMessageLimit), notification.entityKind,
      notification.entityIdentifier, notification.source, now);
}

std::optional<std::int64_t> userOfPerson(db::Connection& db, std::int64_t personId) {
  auto row =
      db.query("SELECT id FROM users WHERE person_id = ?1 AND disabled = 0 LIMIT 1", personId);
  if (!row.step()) {
    return std::nullopt;
  }
  return row.integer(0);
}

NotificationPage notificationsOf(db::Connection& db, std::int64_t userId, std::int64_t before,
                                 int limit) {
  NotificationPage page;
  auto rows = db.query(std::string("SELECT ") + kColumns +
                           " FROM notifications WHERE user_id = ?1 AND (?2 = 0 OR id < ?2) "
                           "ORDER BY id DESC LIMIT ?3",
                       userId, before, limit + 1);
  while (rows.step()) {
    if (static_cast<int>(page.items.size()) == limit) {
      page.more = true;
      break;
    }
    page.items.push_back(readRow(rows));
  }
  auto unread =
      db.query("SELECT COUNT(*) FROM notifications WHERE user_id = ?1 AND read_at IS NULL", userId);
  unread.step();
  page.unread = unread.integer(0);
  return page;
}

bool markNotificationRead(db::Connection& db, std::int64_t userId, std::int64_t id, TimePoint now) {
  auto row = db.query("SELECT 1 FROM notifications WHERE id = ?1 AND user_id = ?2", id, userId);
  if (!row.step()) {
    return false;
  }
  db.execute(
      "UPDATE notifications SET read_at = ?3 WHERE id = ?1 AND user_id = ?2 AND read_at IS NULL",
      id, userId, now);
  return true;
}

int markAllNotificationsRead(db::Connection& db, std::int64_t userId, TimePoint now) {
  return db.execute("UPDATE notifications SET read_at = ?2 WHERE user_id = ?1 AND read_at IS NULL",
                    userId, now);
}

std::vector<Notification> notificationsAfter(db::Connection& db, std::int64_t after, int limit) {
  std::vector<Notification> found;
  auto rows = db.query(
      std::string("SELECT ") + kColumns + " FROM notifications WHERE id > ?1 ORDER BY id LIMIT ?2",
      after, limit);
  while (rows.step()) {
    found.push_back(readRow(rows));
  }
  return found;
}

std::vector<Notification> notificationsOfUserAfter(db::Connection& db, std::int64_t userId,
                                                   std::int64_t after, int limit) {
  std::vector<Notification> found;
  auto rows =
      db.query(std::string("SELECT ") + kColumns +
                   " FROM notifications WHERE user_id = ?1 AND id > ?2 ORDER BY id LIMIT ?3",
               userId, after, limit);
  while (rows.step()) {
    found.push_back(readRow(rows));
  }
  return found;
}

std::int64_t latestNotificationId(db::Connection& db) {
  auto row = db.query("SELECT COALESCE(MAX(id), 0) FROM notifications");
  row.step();
  return row.integer(0);
}

int removeReadNotificationsBefore(db::Connection& db, TimePoint cutoff) {
  return db.execute("DELETE FROM notifications WHERE read_at IS NOT NULL AND created_at < ?1",
                    cutoff);
}

}  // namespace dossier::records
