#pragma once

namespace dossier::app {
class RouteTable;
}

namespace dossier::search {

// search, macroSearch, SearchSuggest, the search form set-up and the can-create questions.
void registerSearchRoutes(app::RouteTable& routes);

}  // namespace dossier::search
