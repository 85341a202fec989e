#include "entities/access.hpp"

#include <algorithm>

#include "entities/records.hpp"

namespace dossier::entities {

EntityAccess accessFor(const Catalog& catalog, const EntityType& type, std::string_view username) {
  const auto groups = catalog.groupsOf(username);
  const auto granted = [&](const std::vector<std::string>& allowed) {
    return std::any_of(allowed.begin(), allowed.end(),
                       [&](const std::string& group) { return groups.contains(group); });
  };
  EntityAccess access;
  access.canView = granted(type.access.view);
  access.canCreate = access.canView && granted(type.access.create);
  access.canModify = access.canView && granted(type.access.modify);
  access.canDelete = access.canView && granted(type.access.remove);
  return access;
}

EntityAccess accessTo(const Catalog& catalog, const EntityType& type, const Record& record,
                      std::string_view username) {
  auto access = accessFor(catalog, type, username);
  if (record.kind == EntityKind::Person && record.obsolete && access.canModify) {
    access.canModify = false;
    access.readOnlyReason = "This " + type.name + " is obsolete. Reinstate it to change it.";
  }
  return access;
}

}  // namespace dossier::entities
