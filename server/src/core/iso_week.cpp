#include "core/iso_week.hpp"

#include <charconv>
#include <chrono>
#include <cstdio>

namespace dossier {

namespace {

bool digits(std::string_view text, std::size_t at, std::size_t count, int& out) {
  if (text.size() < at + count) {
    return false;
  }
  const auto* first = text.data() + at;
  const auto [end, error] = std::from_chars(first, first + count, out);
  return error == std::errc() && end == first + count;
}

}  // namespace

std::optional<std::string> isoWeek(std::string_view date) {
  using namespace std::chrono;
  int y = 0;
  int m = 0;
  int d = 0;
  if (!digits(date, 0, 4, y) || date.size() < 10 || date[4] != '-' || !digits(date, 5, 2, m) ||
      date[7] != '-' || !digits(date, 8, 2, d)) {
    return std::nullopt;
  }
  const year_month_day day{year(y), month(static_cast<unsigned>(m)),
                           std::chrono::day(static_cast<unsigned>(d))};
  if (!day.ok()) {
    return std::nullopt;
  }
  // The week's Thursday decides its year.
  const sys_days at(day);
  const auto thursday = at + days(4 - static_cast<int>(weekday(at).iso_encoding()));
  const auto weekYear = year_month_day(thursday).year();
  const auto week = (thursday - sys_days(weekYear / January / 1)).count() / 7 + 1;
  char text[32];
  std::snprintf(text, sizeof text, "%04d-W%02d", static_cast<int>(weekYear),
                static_cast<int>(week));
  return std::string(text);
}

}  // namespace dossier
