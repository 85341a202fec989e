#include "roles/role_detail.hpp"

#include <algorithm>

#include "db/pool.hpp"
#include "environments/environment.hpp"
#include "records/access.hpp"
#include "records/errors.hpp"
#include "records/role_rules.hpp"
#include "roles/errors.hpp"
#include "types/role_definition.hpp"

namespace dossier::roles {

namespace json = boost::json;

Result<json::object> roleParentDetail(environments::Environment& environment,
                                      const api::Session& session, std::string_view roleCode,
                                      const ParentInAddress& parent) {
  const auto& catalog = environment.catalog();
  const auto* role = catalog.role(roleCode);
  if (role == nullptr) {
    return Error::of(records::errors::kRoleUnknown,
                     "There is no role '" + std::string(roleCode) + "'.");
  }
  const types::EntityType* type = nullptr;
  json::object out{{"roleCode", role->code},
                   {"name", role->name},
                   {"heldIn", role->heldIn},
                   {"holderKind", types::kindName(role->holderKind)},
                   {"lookupEntityType", role->lookupEntityType()},
                   {"singleOwner", role->singleOwner},
                   {"parentKind", types::kindName(parent.kind)}};
  bool canChange = false;
  if (parent.identifier.empty()) {
    type = catalog.find(parent.kind, parent.typeRef);
    if (type == nullptr || !records::accessFor(catalog, *type, session.username).canCreate) {
      return Error::of(errors::kTypeNotFound, std::string("There is no ") +
                                                  types::kindName(parent.kind) + " type '" +
                                                  std::string(parent.typeRef) + "'.");
    }
  } else {
    auto db = environment.db().acquire();
    auto found =
        records::recordAccess(*db, catalog, parent.kind, parent.identifier, session.username);
    if (!found || !found->visible() || found->type == nullptr) {
      return records::recordNotFound(parent.kind, parent.identifier);
    }
    type = found->type;
    out["parentIdentifier"] = found->record.identifier();
    out["parentDisplay"] = found->record.displayName;
    canChange = found->access.canModify && found->access.readOnlyReason.empty();
  }
  if (auto refused = records::roleRefusedOn(*role, *type)) {
    return std::move(*refused);
  }
  out["parentTypeRef"] = type->ref;
  out["parentTypeName"] = type->name;
  const auto field = std::find_if(type->fields.begin(), type->fields.end(),
                                  [&](const auto& each) { return each.role == role->code; });
  if (field != type->fields.end()) {
    out["fieldId"] = field->id;
    out["fieldLabel"] = field->label;
  }
  out["canAdd"] = field == type->fields.end() && canChange;
  return out;
}

}  // namespace dossier::roles
