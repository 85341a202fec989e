#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "api/session.hpp"
#include "core/clock.hpp"
#include "core/result.hpp"
#include "types/entity_type.hpp"

namespace dossier::environments {
class Environment;
}

namespace dossier::roles {

// A record chosen in a lookup to hold a role on a case or person (spec 2 §7, the role service).
struct AddRole {
  std::string roleCode;
  types::EntityKind parentKind = types::EntityKind::Case;
  std::string parentIdentifier;  // rootEntityIdentifier
  types::EntityKind holderKind = types::EntityKind::Person;
  std::string holderIdentifier;  // chosenEntityIdentifier
  // A case held by another parent under a single-owner role moves here only when the user said
  // Yes to "parent case already exists".
  bool replaceOwner = false;
};

struct AddedRole {
  std::int64_t linkId = 0;
  std::optional<std::string> replacedOwner;  // the parent it was taken from
};

// 404 for an unknown role or a record the user cannot see, 400 when the role is not on the parent
// or the holder's type may not hold it, 403 without the right to change the parent, 409 when the
// holder holds it already or (single-owner) belongs to another parent and replaceOwner is false.
Result<AddedRole> addRole(environments::Environment& environment, const api::Session& session,
                          const AddRole& request, TimePoint now);

// Removes a role holder: the user must be able to change the parent; a role a field holds is
// changed through the form (409).
Result<bool> removeRole(environments::Environment& environment, const api::Session& session,
                        std::int64_t linkId, TimePoint now);

// The display name of the case that already holds this case under the single-owner role, told only
// when the user may see it; nullopt when it has no owner (spec 2 §7: whether a parent case exists).
struct OwnerAnswer {
  bool exists = false;
  std::optional<std::string> owner;
};
Result<OwnerAnswer> ownerOfCase(environments::Environment& environment, const api::Session& session,
                                std::string_view caseIdentifier, std::string_view roleCode);

}  // namespace dossier::roles
