#pragma once

namespace dossier::api {
class RouteTable;
}

namespace dossier::search {

// search, macroSearch and SearchSuggest.
void registerSearchRoutes(api::RouteTable& routes);
// What a search can look in: searchentitytypes, the search form set-up and the can-create
// questions.
void registerSearchSetupRoutes(api::RouteTable& routes);

}  // namespace dossier::search
