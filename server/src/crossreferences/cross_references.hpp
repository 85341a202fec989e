#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/clock.hpp"

namespace dossier::db {
class Connection;
}
namespace dossier::records {
struct Actor;
}

namespace dossier::crossreferences {

// A link between two cases. fromCaseId is the case it was made from; it reads the same from both.
struct CrossReference {
  std::int64_t id = 0;
  std::string guid;
  std::int64_t fromCaseId = 0;
  std::int64_t toCaseId = 0;
  std::string comments;
  std::string createdByName;
  std::string createdAt;
  std::string modifiedByName;
  std::string modifiedAt;
  std::int64_t rowVersion = 0;

  // The other case, seen from one of the two.
  std::int64_t otherThan(std::int64_t caseId) const {
    return caseId == fromCaseId ? toCaseId : fromCaseId;
  }
};

// The comments of a cross reference hold at most this many characters.
inline constexpr std::size_t kCommentsLimit = 2000;

std::optional<CrossReference> findCrossReference(db::Connection& db, std::string_view guid);
std::optional<CrossReference> findBetween(db::Connection& db, std::int64_t caseId,
                                          std::int64_t otherCaseId);
// Every cross reference of a case, oldest first.
std::vector<CrossReference> crossReferencesOf(db::Connection& db, std::int64_t caseId);

// The one write path: the row, and an audit row on both cases (crossreference.added, .changed,
// .removed) naming the other case. The caller holds the transaction.
void addCrossReference(db::Connection& db, CrossReference& link, const records::Actor& actor,
                       TimePoint now);
// Writes link's comments and its pair of cases over `before` (the row as read, at its version):
// false, writing nothing, when the row is no longer at that version. When the pair changes, the
// case both pairs share is told crossreferences.changed, naming the new case and the one before;
// the case left is told crossreference.removed and the case joined crossreference.added.
bool updateCrossReference(db::Connection& db, CrossReference& link, const CrossReference& before,
                          const records::Actor& actor, TimePoint now);
void removeCrossReference(db::Connection& db, const CrossReference& link,
                          const records::Actor& actor, TimePoint now);

}  // namespace dossier::crossreferences
