#pragma once

#include <string_view>

#include <boost/json/object.hpp>

#include "api/session.hpp"
#include "core/result.hpp"

namespace dossier::environments {
class Environment;
}

namespace dossier::documents {

// What a document of this case may hold, for the properties screen (spec 2 §3 "Definition"):
// the choices, the custom fields as layout components, the standard fields' bindings, the history
// grid and the version settings. Only the security groups the person belongs to are offered, so
// that nobody can file a document they could not see. 404 when the case is not there or hidden,
// or when the environment keeps no documents.
Result<boost::json::object> documentDefinition(environments::Environment& environment,
                                               const api::Session& session,
                                               std::string_view caseNumber);

}  // namespace dossier::documents
