#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "types/entity_type.hpp"

namespace dossier::db {
class Connection;
}

namespace dossier::records {

// Remembers that a user opened a record; written at most once a minute per record so that reading
// a form stays a read.
void noteOpened(db::Connection& db, std::int64_t userId, types::EntityKind kind,
                std::int64_t entityId, TimePoint now);

struct Opened {
  types::EntityKind kind = types::EntityKind::Case;
  std::int64_t entityId = 0;
  std::string openedAt;
};

// The user's records, most recently opened first.
std::vector<Opened> recentlyOpened(db::Connection& db, std::int64_t userId, int limit);

}  // namespace dossier::records
