#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.hpp"
#include "records/records.hpp"
#include "types/entity_type.hpp"

namespace dossier::db {
class Connection;
}

namespace dossier::records {

// What a user may do with records of a type (spec: canView, canModify, canDelete and
// EntityAccessCanCreateNewCase come from these).
struct EntityAccess {
  bool canView = false;
  bool canCreate = false;
  bool canModify = false;
  bool canDelete = false;
  // Why a record one may otherwise change cannot be changed now (an obsolete person), for the
  // person to read; empty when canModify or when it is a matter of rights.
  std::string readOnlyReason;
};

// The rights of a type, from the groups the user is in: what lists of types, searches and new
// records go by. Creating, changing or deleting needs to be able to see as well.
EntityAccess accessFor(const types::Catalog& catalog, const types::EntityType& type,
                       std::string_view username);

// The refs of the types of a kind whose records the user may see: the same rule as a set, for what
// reads many records at once in SQL (reports).
std::vector<std::string> visibleTypeRefs(const types::Catalog& catalog, types::EntityKind kind,
                                         std::string_view username);

// A stored record as one user may use it.
struct RecordAccess {
  Record record;
  const types::EntityType* type = nullptr;  // null when its type is no longer configured
  EntityAccess access;                      // nothing is allowed on a record without a type

  bool visible() const { return access.canView; }
};

// The one check of what a user may do with a stored record, for every route that reads or changes
// one: the record found by the identifier a route carries (a case number or a person id), its
// type, and the user's rights on it — its type's rights, then its state (an obsolete person is
// read-only until reinstated). nullopt when there is no such record.
std::optional<RecordAccess> recordAccess(db::Connection& db, const types::Catalog& catalog,
                                         types::EntityKind kind, std::string_view identifier,
                                         std::string_view username);
// The same, by database id (as recently opened records and the change log name them).
std::optional<RecordAccess> recordAccessById(db::Connection& db, const types::Catalog& catalog,
                                             types::EntityKind kind, std::int64_t id,
                                             std::string_view username);

// The answer to a record that is not there, or that the user may not see (the two are told
// alike, so that hidden records cannot be listed by trying identifiers): "There is no case
// CMP-2026-00042."
Error recordNotFound(types::EntityKind kind, std::string_view identifier);

// Whether a route that shows a record may say "you may not view this" instead of "there is no such
// record": only for a record the user already knows of — one they opened while they could see it.
bool mayBeToldOfHidden(db::Connection& db, std::int64_t userId, const RecordAccess& found);

}  // namespace dossier::records
