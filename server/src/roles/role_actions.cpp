#include "roles/role_actions.hpp"

#include "db/connection.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"
#include "records/access.hpp"
#include "records/errors.hpp"
#include "records/role_links.hpp"
#include "records/role_rules.hpp"
#include "roles/errors.hpp"
#include "types/role_definition.hpp"

namespace dossier::roles {

namespace {

std::string ownerName(db::Connection& db, const types::Catalog& catalog, std::string_view username,
                      const records::RoleLink& owner) {
  const auto found =
      records::recordAccessById(db, catalog, owner.parentKind, owner.parentId, username);
  if (!found || !found->visible()) {
    return std::string("a ") + types::kindName(owner.parentKind) + " you cannot see";
  }
  // The number and the title apart, as the web app writes a case everywhere.
  return found->record.identifier() + " · " + found->record.displayName;
}

}  // namespace

Result<AddedRole> addRole(environments::Environment& environment, const api::Session& session,
                          const AddRole& request, TimePoint now) {
  const auto& catalog = environment.catalog();
  auto db = environment.db().acquire();
  // Checked and written in one write transaction: two people adding the same holder, or a second
  // owner of a single-owner case, cannot both succeed.
  db::Transaction transaction(*db);
  auto parent = records::roleParent(*db, catalog, session.username, request.roleCode,
                                    request.parentKind, request.parentIdentifier);
  if (!parent) {
    return std::move(parent).error();
  }
  const auto& role = *parent->role;
  auto holder = records::recordAccess(*db, catalog, request.holderKind, request.holderIdentifier,
                                      session.username);
  if (!holder || !holder->visible()) {
    return records::recordNotFound(request.holderKind, request.holderIdentifier);
  }
  if (auto refused = records::holderRefused(role, *holder->type)) {
    return std::move(*refused);
  }
  if (holder->record.kind == parent->parent.record.kind &&
      holder->record.id == parent->parent.record.id) {
    return Error::of(records::errors::kRoleSelf, "A record cannot hold a role on itself.");
  }
  const auto actor = api::actorOf(session);
  AddedRole added;
  if (role.singleOwner) {
    if (const auto owner =
            records::ownerOf(*db, role.code, holder->record.kind, holder->record.id)) {
      if (owner->parentKind == parent->parent.record.kind &&
          owner->parentId == parent->parent.record.id) {
        return Error::of(errors::kExists,
                         holder->record.displayName + " is already " + role.name + " here.");
      }
      const auto name = ownerName(*db, catalog, session.username, *owner);
      if (!request.replaceOwner) {
        return std::move(Error::of(records::errors::kRoleOwned, holder->record.identifier() +
                                                                    " already belongs to " + name +
                                                                    " as " + role.name + "."))
            .withDetail("owner", name);
      }
      records::removeLink(*db, *owner, actor, now);
      added.replacedOwner = name;
    }
  }
  records::RoleLink link;
  link.roleCode = role.code;
  link.parentKind = parent->parent.record.kind;
  link.parentId = parent->parent.record.id;
  link.holderKind = holder->record.kind;
  link.holderId = holder->record.id;
  link.roleName = role.name;
  if (!records::addLink(*db, link, actor, now)) {
    return Error::of(errors::kExists,
                     holder->record.displayName + " is already " + role.name + " here.");
  }
  transaction.commit();
  added.linkId = link.id;
  return added;
}

Result<bool> removeRole(environments::Environment& environment, const api::Session& session,
                        std::int64_t linkId, TimePoint now) {
  const auto& catalog = environment.catalog();
  auto db = environment.db().acquire();
  db::Transaction transaction(*db);
  const auto link = records::findLink(*db, linkId);
  const auto notFound = Error::of(errors::kNotFound, "That role holder is not there any more.");
  if (!link) {
    return notFound;
  }
  auto parent =
      records::recordAccessById(*db, catalog, link->parentKind, link->parentId, session.username);
  if (!parent || !parent->visible()) {
    return notFound;
  }
  if (!link->fieldId.empty()) {
    const auto* field = parent->type->field(link->fieldId);
    return Error::of(errors::kHeldByField, "This role is held through the field " +
                                               (field != nullptr ? field->label : link->fieldId) +
                                               ": clear it in the form and save.");
  }
  if (!parent->access.readOnlyReason.empty()) {
    return Error::of(records::errors::kObsolete, parent->access.readOnlyReason);
  }
  if (!parent->access.canModify) {
    return Error::of(records::errors::kRoleModifyDenied,
                     "You are not allowed to change this " + parent->type->name + ".");
  }
  records::removeLink(*db, *link, api::actorOf(session), now);
  transaction.commit();
  return true;
}

Result<OwnerAnswer> ownerOfCase(environments::Environment& environment, const api::Session& session,
                                std::string_view caseIdentifier, std::string_view roleCode) {
  const auto& catalog = environment.catalog();
  const auto* role = catalog.role(roleCode);
  if (role == nullptr) {
    return Error::of(records::errors::kRoleUnknown,
                     "There is no role '" + std::string(roleCode) + "'.");
  }
  auto db = environment.db().acquire();
  const auto found = records::recordAccess(*db, catalog, types::EntityKind::Case, caseIdentifier,
                                           session.username);
  if (!found || !found->visible()) {
    return records::recordNotFound(types::EntityKind::Case, caseIdentifier);
  }
  OwnerAnswer answer;
  if (!role->singleOwner) {
    return answer;
  }
  if (const auto owner =
          records::ownerOf(*db, role->code, types::EntityKind::Case, found->record.id)) {
    answer.exists = true;
    answer.owner = ownerName(*db, catalog, session.username, *owner);
  }
  return answer;
}

}  // namespace dossier::roles
