#pragma once

#include <string>
#include <string_view>

#include "entities/entity_type.hpp"

namespace dossier::entities {

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

// Rights come from the groups the user is in. Creating, changing or deleting a record needs to
// be able to see it as well.
EntityAccess accessFor(const Catalog& catalog, const EntityType& type, std::string_view username);

struct Record;

// What a user may do with one stored record: the rights of its type, then its state (an obsolete
// person is read-only until reinstated).
EntityAccess accessTo(const Catalog& catalog, const EntityType& type, const Record& record,
                      std::string_view username);

}  // namespace dossier::entities
