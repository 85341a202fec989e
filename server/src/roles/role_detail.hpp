#pragma once

#include <string_view>

#include <boost/json/object.hpp>

#include "api/session.hpp"
#include "core/result.hpp"
#include "types/entity_type.hpp"

namespace dossier::environments {
class Environment;
}

namespace dossier::roles {

// The parent a role screen sits under, as its address names it: an existing record by its
// identifier, or a new one (not saved yet) by its type.
struct ParentInAddress {
  types::EntityKind kind = types::EntityKind::Case;
  std::string_view identifier;  // empty for a new record
  std::string_view typeRef;     // read when identifier is empty
};

// What a screen reached by its address alone (a lookup opened by a bookmark, a reload, Back) needs
// to know of a role on a parent (spec 2 §6 "role definitions are per roleCode", §7 "role parent
// detail"): the role's names, who may hold it, whether a case holding it has one owner, and whether
// the parent's form holds it through a field (fieldId) or its holders are added one by one
// (canAdd: the person may change the parent). 404 for an unknown role or a parent the person cannot
// see; 400 when the parent's type has no such role.
Result<boost::json::object> roleParentDetail(environments::Environment& environment,
                                             const api::Session& session, std::string_view roleCode,
                                             const ParentInAddress& parent);

}  // namespace dossier::roles
