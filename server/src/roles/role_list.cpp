#include "roles/role_list.hpp"

#include <boost/json/array.hpp>

#include "records/role_links.hpp"
#include "types/role_definition.hpp"

namespace dossier::roles {

namespace json = boost::json;

namespace {

// The other record of a link as this user may see it.
json::object otherRecord(db::Connection& db, const types::Catalog& catalog,
                         std::string_view username, types::EntityKind kind, std::int64_t id) {
  json::object out{{"kind", types::kindName(kind)}};
  const auto other = records::recordAccessById(db, catalog, kind, id, username);
  if (!other || !other->visible()) {
    // That a record holds the role is told; who or what is not.
    out["unavailable"] = true;
    out["display"] =
        kind == types::EntityKind::Person ? "A person you cannot see" : "A case you cannot see";
    return out;
  }
  out["unavailable"] = false;
  out["identifier"] = other->record.identifier();
  out["display"] = other->record.displayName;
  out["typeRef"] = other->record.typeRef;
  out["typeName"] = other->type->name;
  if (kind == types::EntityKind::Case) {
    const auto* status = other->type->status(other->record.status);
    out["statusName"] = status != nullptr ? status->name : other->record.status;
  } else if (other->record.obsolete) {
    out["statusName"] = "Obsolete";
  }
  return out;
}

json::object row(const records::RoleLink& link, const types::RoleDefinition* role, bool parentSide,
                 json::object other, bool canRemove) {
  json::object out{
      {"linkId", link.id},
      {"roleCode", link.roleCode},
      {"roleName", role == nullptr ? link.roleCode : (parentSide ? role->name : role->heldIn)},
      {"record", std::move(other)},
      {"createdAt", link.createdAt},
      {"createdBy", link.createdByName},
      {"canRemove", canRemove}};
  if (!link.fieldId.empty()) {
    out["fieldId"] = link.fieldId;
  }
  return out;
}

}  // namespace

json::object roleHolders(db::Connection& db, const types::Catalog& catalog,
                         std::string_view username, const records::RecordAccess& record) {
  json::array holders;
  const bool canChange = record.access.canModify && record.access.readOnlyReason.empty();
  for (const auto& link : records::linksOnRecord(db, record.record.kind, record.record.id)) {
    // A link a field holds is removed by changing the field.
    holders.push_back(row(link, catalog.role(link.roleCode), true,
                          otherRecord(db, catalog, username, link.holderKind, link.holderId),
                          canChange && link.fieldId.empty()));
  }
  json::array heldIn;
  for (const auto& link : records::linksHeldBy(db, record.record.kind, record.record.id)) {
    heldIn.push_back(row(link, catalog.role(link.roleCode), false,
                         otherRecord(db, catalog, username, link.parentKind, link.parentId),
                         false));
  }
  return json::object{{"holders", std::move(holders)}, {"heldIn", std::move(heldIn)}};
}

}  // namespace dossier::roles
