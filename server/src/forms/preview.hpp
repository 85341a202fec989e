#pragma once

#include <string_view>

#include <boost/json/object.hpp>

#include "auth/sessions.hpp"
#include "core/result.hpp"
#include "entities/entity_type.hpp"

namespace dossier::environments {
class Environment;
}

namespace dossier::forms {

// Preview data of spec 2 §3: canView, errorMessage, descriptionDisplay, previewFields (key,
// value, fieldType, displayInSearchPreview), linkToParent (the record's own page, to open it),
// entityDescription. Without the right to view: canView false and the spec's message.
Result<boost::json::object> previewRecord(environments::Environment& environment,
                                          const auth::Session& session, entities::EntityKind kind,
                                          std::string_view identifier);

}  // namespace dossier::forms
