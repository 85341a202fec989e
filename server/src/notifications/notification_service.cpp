#include "notifications/notification_service.hpp"

#include <charconv>
#include <string>

#include "notifications/errors.hpp"

namespace dossier::notifications {

namespace {

// A whole number of 0 or more typed in a query parameter; `fallback` when absent.
Result<std::int64_t> number(std::optional<std::string_view> text, std::string_view name,
                            std::int64_t fallback) {
  if (!text) {
    return fallback;
  }
  std::int64_t value = 0;
  const auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), value);
  if (ec != std::errc{} || end != text->data() + text->size() || value < 0) {
    return Error::of(errors::kBadQuery,
                     "'" + std::string(name) + "' must be a whole number of 0 or more.");
  }
  return value;
}

}  // namespace

Result<PageRequest> readPageRequest(std::optional<std::string_view> before,
                                    std::optional<std::string_view> limit) {
  auto older = number(before, "before", 0);
  if (!older) {
    return std::move(older).error();
  }
  auto most = number(limit, "limit", kDefaultPage);
  if (!most) {
    return std::move(most).error();
  }
  if (*most < 1 || *most > kLargestPage) {
    return Error::of(errors::kBadQuery,
                     "'limit' must be between 1 and " + std::to_string(kLargestPage) + ".");
  }
  return PageRequest{*older, static_cast<int>(*most)};
}

records::NotificationPage notificationPage(db::Connection& db, std::int64_t userId,
                                           const PageRequest& page) {
  return records::notificationsOf(db, userId, page.before, page.limit);
}

Status markRead(db::Connection& db, std::int64_t userId, std::string_view notificationId,
                TimePoint now) {
  const auto notThere =
      Error::of(errors::kNotFound, "There is no notification " + std::string(notificationId) + ".");
  std::int64_t id = 0;
  const auto [end, ec] =
      std::from_chars(notificationId.data(), notificationId.data() + notificationId.size(), id);
  if (ec != std::errc{} || end != notificationId.data() + notificationId.size()) {
    return notThere;
  }
  if (!records::markNotificationRead(db, userId, id, now)) {
    return notThere;
  }
  return {};
}

int markAllRead(db::Connection& db, std::int64_t userId, TimePoint now) {
  return records::markAllNotificationsRead(db, userId, now);
}

}  // namespace dossier::notifications
