#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "records/actor.hpp"

namespace dossier::db {
class Connection;
}

namespace dossier::records {

// A user as work done on their behalf off the request path names them (a report exported in the
// background, a scheduled report run with its recipient's rights): nothing for one who is not
// there or is disabled, whose work is not done.
std::optional<Actor> enabledUser(db::Connection& db, std::int64_t userId);
std::optional<Actor> enabledUserNamed(db::Connection& db, std::string_view username);
// Enabled users whose username or name contains `part` (any case), by name, at most `most`.
std::vector<Actor> enabledUsersMatching(db::Connection& db, std::string_view part, int most);
// The person record that is the user's own, if one is.
std::optional<std::int64_t> personOfUser(db::Connection& db, std::int64_t userId);

}  // namespace dossier::records
