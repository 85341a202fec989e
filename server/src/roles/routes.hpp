#pragma once

namespace dossier::api {
class RouteTable;
}

namespace dossier::roles {

// Role holders: the records holding roles on a case or person and the roles it holds elsewhere;
// adding one chosen in a lookup, removing one, and whether a case already has its single owner.
void registerRoleRoutes(api::RouteTable& routes);

}  // namespace dossier::roles
