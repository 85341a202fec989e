#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "core/expiring_map.hpp"
#include "types/entity_type.hpp"

namespace dossier::db {
class Connection;
}

namespace dossier::records {

// Remembers that a user opened a record; written at most once a minute per record so that reading
// a form stays a read. False when the database was busy and this opening was left out.
bool noteOpened(db::Connection& db, std::int64_t userId, types::EntityKind kind,
                std::int64_t entityId, TimePoint now);

// What this process noted lately (one per environment): opening the same record again within the
// minute then costs no round trip to the database, where before it cost a read.
class RecentOpenings {
 public:
  RecentOpenings();
  // The record was opened: noteOpened, unless this process noted it less than a minute ago (an
  // opening left out while the database was busy is not remembered: the next one is noted).
  void note(db::Connection& db, std::int64_t userId, types::EntityKind kind, std::int64_t entityId,
            TimePoint now);

 private:
  ExpiringMap<std::string, bool> noted_;
};

struct Opened {
  types::EntityKind kind = types::EntityKind::Case;
  std::int64_t entityId = 0;
  std::string openedAt;
};

// Whether the user has opened the record before, while they could see it: they know it exists,
// so losing the right to see it is said ("Cannot View") rather than hidden.
bool hasOpened(db::Connection& db, std::int64_t userId, types::EntityKind kind,
               std::int64_t entityId);

// The user's records, most recently opened first.
std::vector<Opened> recentlyOpened(db::Connection& db, std::int64_t userId, int limit);

}  // namespace dossier::records
