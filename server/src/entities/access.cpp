#include "entities/access.hpp"

#include <algorithm>

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

}  // namespace dossier::entities
