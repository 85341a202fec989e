#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include <boost/json/array.hpp>

#include "types/entity_type.hpp"

namespace dossier::db {
class Connection;
}

namespace dossier::home {

// The home page shows at most this many recently opened records.
inline constexpr std::size_t kRecentShown = 10;

// The records this user opened last, the last first (records/recent keeps when each was opened),
// as they are now, leaving out those the user may no longer see: each entity, identifier, display
// name, type, when opened, and a case's status name or whether a person is obsolete.
boost::json::array recentRecords(db::Connection& db, const types::Catalog& catalog,
                                 std::int64_t userId, std::string_view username);

}  // namespace dossier::home
