#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/clock.hpp"

namespace dossier::db {
class Connection;
}
namespace dossier::records {
struct Actor;
}

namespace dossier::alternatenames {

// Spec 2 §3 "Alternate name".
struct AlternateName {
  std::int64_t id = 0;
  std::string guid;
  std::int64_t personId = 0;
  std::string surname;
  std::string firstName;
  std::string middleNames;
  std::string displayName;
  std::string explanation;
  std::string createdByName;
  std::string createdAt;
  std::string modifiedByName;
  std::string modifiedAt;
  std::int64_t rowVersion = 0;
};

std::optional<AlternateName> findAlternateName(db::Connection& db, std::string_view guid);
std::vector<AlternateName> alternateNamesOf(db::Connection& db, std::int64_t personId);

// The one write path: the name, an audit row on the person (alternatename.added, .changed or
// .removed, with the name) and a change-log row for the person, whom search then finds by it. The
// caller holds the transaction. updateAlternateName is false, writing nothing, when the stored row
// is no longer at expectedVersion.
void addAlternateName(db::Connection& db, AlternateName& name, const records::Actor& actor,
                      TimePoint now);
bool updateAlternateName(db::Connection& db, AlternateName& name, std::int64_t expectedVersion,
                         const records::Actor& actor, TimePoint now);
void removeAlternateName(db::Connection& db, const AlternateName& name, const records::Actor& actor,
                         TimePoint now);

}  // namespace dossier::alternatenames
