#pragma once

namespace dossier::api {
class RouteTable;
}

namespace dossier::alternatenames {

// The other names a person is known by (spec 2 "Alternate name details", §7 /persondata/…).
void registerAlternateNameRoutes(api::RouteTable& routes);

}  // namespace dossier::alternatenames
