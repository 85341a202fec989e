#pragma once

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
};

// Rights come from the groups the user is in. Creating, changing or deleting a record needs to
// be able to see it as well.
EntityAccess accessFor(const Catalog& catalog, const EntityType& type, std::string_view username);

}  // namespace dossier::entities
