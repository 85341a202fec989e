#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace dossier {

// The ISO 8601 week of a date given as ISO text ("2026-11-28", or a time "2026-11-28T10:00…"):
// "2026-W48". Weeks begin on Monday, and a year's first week is the one with its first Thursday,
// so 2027-01-01 (a Friday) is in "2026-W53". Nothing for text that is not a date. Reports group
// by it; each database is given it as the SQL function iso_week.
std::optional<std::string> isoWeek(std::string_view date);

}  // namespace dossier
