#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "core/clock.hpp"
#include "core/result.hpp"
#include "records/notifications.hpp"

namespace dossier::db {
class Connection;
}

namespace dossier::notifications {

// The rules of a user's notifications; their rows are kept by records/notifications, which the
// features that notify (roles, macros, tasks) and the hub's change feed share.

inline constexpr int kDefaultPage = 20;
inline constexpr int kLargestPage = 100;

// A page asked for: the notifications older than `before` (the newest when 0), `limit` at most.
struct PageRequest {
  std::int64_t before = 0;
  int limit = kDefaultPage;
};

// The query's `before` and `limit` as typed; absent, the newest kDefaultPage. Anything but a whole
// number of 0 or more, or a limit outside 1 to kLargestPage, is refused saying what is allowed.
Result<PageRequest> readPageRequest(std::optional<std::string_view> before,
                                    std::optional<std::string_view> limit);

// A page of the user's own notifications, newest first, with how many of all theirs are unread and
// whether older ones are left.
records::NotificationPage notificationPage(db::Connection& db, std::int64_t userId,
                                           const PageRequest& page);

// Marks one of the user's notifications read (again is no harm). One that is not theirs, is not
// there or is not named by a number is told alike: 404 notifications.not_found.
Status markRead(db::Connection& db, std::int64_t userId, std::string_view notificationId,
                TimePoint now);

// Marks every unread notification of the user read; how many were unread.
int markAllRead(db::Connection& db, std::int64_t userId, TimePoint now);

}  // namespace dossier::notifications
