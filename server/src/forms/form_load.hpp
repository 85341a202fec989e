#pragma once

#include <string_view>

#include <boost/json/object.hpp>

#include "api/session.hpp"
#include "core/clock.hpp"
#include "core/result.hpp"
#include "types/entity_type.hpp"

namespace dossier::environments {
class Environment;
}

namespace dossier::forms {

// A form load result, kept in two parts so that the layout, the same for every load of a type, is
// sent as the JSON text made when the configuration was read.
struct FormLoad {
  boost::json::object result;  // everything but the layout
  std::string componentsJson;  // layout.components
  bool hasLayout = false;

  // The whole result as JSON text.
  std::string serialize() const;
};

// The form load result of spec 2 §3 (formId, entityDescription, layout.components, data, alerts,
// headerText, additionalInfo) with the person's rights (canView, canCreate, canModify, canDelete)
// and the record's fixed facts under "entity". A record the person may not view comes back with
// canView false and nothing of its content.
Result<FormLoad> loadExistingForm(environments::Environment& environment,
                                  const api::Session& session, types::EntityKind kind,
                                  std::string_view identifier, TimePoint now);

// The form of a new record of a type, filled with the defaults. When a role and a person are
// given (a new case started from a person), the person field of that role names the person.
Result<FormLoad> loadNewForm(environments::Environment& environment, const api::Session& session,
                             types::EntityKind kind, std::string_view typeRef,
                             std::string_view roleCode, std::string_view roleEntityId);

}  // namespace dossier::forms
