#pragma once

#include <string>
#include <vector>

#include <boost/json/object.hpp>

#include "core/result.hpp"
#include "index/search_index.hpp"

namespace dossier::types {
class Catalog;
}

namespace dossier::search {

using index::StatusFilter;

// What the search box names in searchEntity: a case or person type by its ref, "Case" or
// "Person" for every type of that kind, "Documents" for documents; nothing means all.
struct EntityChoice {
  std::string entity;
  std::string parentEntityType;  // "Case" or "Person" when a ref could be either
};

// The type keys a person may search among the chosen ones: types they may not view are left out
// without saying so, as if they did not exist. Unknown names are refused.
Result<std::vector<std::string>> searchableTypes(const types::Catalog& catalog,
                                                 const std::string& username,
                                                 const std::vector<EntityChoice>& chosen);

// "Registered/Active" (also "active", "registered"), "Deregistered/Obsolete" (also "inactive",
// "obsolete", "deregistered") or "All"; nothing means active. Anything else is refused.
Result<StatusFilter> statusFilter(std::string_view text);

// POST /search and /macroSearch bodies: searchEntity, searchString, entityStatus, page, pageSize.
struct SearchBody {
  std::vector<EntityChoice> entities;
  std::string searchString;
  StatusFilter status = StatusFilter::Active;
  int page = 1;
  int pageSize = 0;  // 0: the environment's
  std::string macroExecutionCorrelationId;
};
Result<SearchBody> readSearchBody(const boost::json::object& body);

// searchEntity in a query string: "All", one name, or several separated by commas.
std::vector<EntityChoice> choicesFromText(std::string_view text);

}  // namespace dossier::search
