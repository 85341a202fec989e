#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "core/config_errors.hpp"
#include "types/entity_type.hpp"

namespace dossier::types {

// A role one record holds on another (roles.yaml): a Complainant of a complaint, a Witness of an
// investigation, the complaints an investigation looks into, the contacts of an organisation.
struct RoleDefinition {
  std::string code;
  std::string name;    // seen from the parent: "Complainant"
  std::string heldIn;  // seen from the holder: "Complainant in" (CMP-2026-00042)
  // The types that have this role, case or person.
  std::vector<const EntityType*> on;
  EntityKind holderKind = EntityKind::Person;
  // The types that may hold it; empty: any type of holderKind.
  std::vector<std::string> holderTypes;
  // A holder is held under this role by one parent only (a complaint is looked into by one
  // investigation): choosing a second parent replaces the first, once confirmed.
  bool singleOwner = false;

  bool isOn(const EntityType& type) const;
  bool mayBeHeldBy(const EntityType& type) const;
  // What an entity lookup for a holder searches: "any_person", "any_case", or the one type's ref.
  std::string lookupEntityType() const;
};

// Reads roles.yaml, whose types must already be in the catalog. Problems go to errors with file,
// path and line.
std::vector<RoleDefinition> readRoleDefinitions(const std::filesystem::path& file,
                                                const std::string& display, const Catalog& catalog,
                                                ConfigErrors& errors);

// Without roles.yaml each role a person or case field names is what its field says: the field's
// label, held by any record of the field's kind, on the field's type.
std::vector<RoleDefinition> rolesImpliedByFields(const Catalog& catalog);

}  // namespace dossier::types
