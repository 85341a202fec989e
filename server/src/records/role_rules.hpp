#pragma once

#include <optional>
#include <string_view>

#include "core/error.hpp"
#include "core/result.hpp"
#include "records/access.hpp"

namespace dossier::types {
struct RoleDefinition;
}

namespace dossier::records {

// The parent a new role holder is added to, when the user may: the role is defined and on the
// parent's type, is not one a field of the parent's form holds (those change with the form), and
// the user may see and change the parent.
struct RoleParent {
  const types::RoleDefinition* role = nullptr;
  RecordAccess parent;
};

Result<RoleParent> roleParent(db::Connection& db, const types::Catalog& catalog,
                              std::string_view username, std::string_view roleCode,
                              types::EntityKind parentKind, std::string_view parentIdentifier);

// Why a record of this type has no such role ("A Licence Application has no Complainant role."),
// or nullopt when it has.
std::optional<Error> roleRefusedOn(const types::RoleDefinition& role,
                                   const types::EntityType& parentType);

// Why a record of this type cannot hold the role ("An Organisation cannot be a Witness."), or
// nullopt when it can.
std::optional<Error> holderRefused(const types::RoleDefinition& role,
                                   const types::EntityType& holderType);

}  // namespace dossier::records
