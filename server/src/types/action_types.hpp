#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "core/config_errors.hpp"
#include "types/entity_type.hpp"

namespace dossier::types {

// A kind of work done on a case (actions.yaml): a phone call, a site visit, a letter sent. Every
// action has a subject, a date and time, whether it is done and notes; a type adds fields of its
// own.
struct ActionType {
  std::string code;
  std::string name;
  std::vector<const EntityType*> on;  // the case types that have it
  // The action's form as a type of its own: the standard fields, then the type's, laid out one
  // under the other. Saving, validating and the audit trail use it as they use a case type's.
  std::shared_ptr<EntityType> form;

  bool isOn(const EntityType& caseType) const;
};

// The standard fields every action has.
inline constexpr const char* kActionSubject = "subject";
inline constexpr const char* kActionAt = "actionAt";
inline constexpr const char* kActionDone = "done";
inline constexpr const char* kActionNotes = "notes";

// Reads actions.yaml, whose case types must already be in the catalog.
std::vector<std::shared_ptr<const ActionType>> readActionTypes(const std::filesystem::path& file,
                                                               const std::string& display,
                                                               const Catalog& catalog,
                                                               ConfigErrors& errors);

}  // namespace dossier::types
