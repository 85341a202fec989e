#include "records/role_rules.hpp"

#include <algorithm>

#include "records/errors.hpp"
#include "types/role_definition.hpp"

namespace dossier::records {

namespace {

// "A Complaint", "an Investigator".
std::string withArticle(const std::string& noun, bool capital = true) {
  const bool vowel =
      !noun.empty() && std::string_view("AEIOUaeiou").find(noun[0]) != std::string_view::npos;
  return std::string(vowel ? (capital ? "An " : "an ") : (capital ? "A " : "a ")) + noun;
}

}  // namespace

Result<RoleParent> roleParent(db::Connection& db, const types::Catalog& catalog,
                              std::string_view username, std::string_view roleCode,
                              types::EntityKind parentKind, std::string_view parentIdentifier) {
  const auto* role = catalog.role(roleCode);
  if (role == nullptr) {
    return Error::of(errors::kRoleUnknown, "There is no role '" + std::string(roleCode) + "'.");
  }
  auto found = recordAccess(db, catalog, parentKind, parentIdentifier, username);
  if (!found || !found->visible()) {
    return recordNotFound(parentKind, parentIdentifier);
  }
  const auto& type = *found->type;
  if (auto refused = roleRefusedOn(*role, type)) {
    return std::move(*refused);
  }
  if (std::any_of(type.fields.begin(), type.fields.end(),
                  [&](const auto& field) { return field.role == role->code; })) {
    return Error::of(errors::kRoleHeldByField,
                     "The " + role->name + " of " + withArticle(type.name, false) +
                         " is chosen in its form: choose it there and save the form.");
  }
  if (!found->access.readOnlyReason.empty()) {
    return Error::of(errors::kObsolete, found->access.readOnlyReason);
  }
  if (!found->access.canModify) {
    return Error::of(errors::kRoleModifyDenied,
                     "You are not allowed to change this " + type.name + ".");
  }
  return RoleParent{role, std::move(*found)};
}

std::optional<Error> roleRefusedOn(const types::RoleDefinition& role,
                                   const types::EntityType& parentType) {
  if (role.isOn(parentType)) {
    return std::nullopt;
  }
  return Error::of(errors::kRoleNotOnType,
                   withArticle(parentType.name) + " has no " + role.name + " role.");
}

std::optional<Error> holderRefused(const types::RoleDefinition& role,
                                   const types::EntityType& holderType) {
  if (role.mayBeHeldBy(holderType)) {
    return std::nullopt;
  }
  return Error::of(errors::kRoleHolderType, withArticle(holderType.name) + " cannot be " +
                                                withArticle(role.name, false) + ".");
}

}  // namespace dossier::records
