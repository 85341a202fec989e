#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "types/entity_type.hpp"

namespace dossier::types {

// A fact of a record that its layout can show read-only, as "- fact: createdAt": not one of the
// type's fields, so it travels as the component's own value (spec 2 §3 "value").
struct LayoutFact {
  const char* name;                // as the layout names it: "createdAt"
  const char* label;               // the label when the layout gives none: "Created on"
  const char* componentType;       // how the web app shows it: "DateTimeField"
  std::optional<EntityKind> only;  // the kind of record that has it; none: both
  bool sameForEveryRecord;         // the type's own (its id): made once with the layout
};

// The fact of that name, or null.
const LayoutFact* findLayoutFact(std::string_view name);

// The names of every fact, for a message: "caseNumber, personId, …".
std::string layoutFactNames();

}  // namespace dossier::types
