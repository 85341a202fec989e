#include "search/search_service.hpp"

#include <algorithm>

#include "environments/environment.hpp"
#include "search/errors.hpp"
#include "types/entity_type.hpp"

namespace dossier::search {

Error searchUnavailable() {
  return Error::of(
      errors::kUnavailable,
      "Search is not available in this environment yet. Please try again in a moment.");
}

Result<SearchAnswer> runSearch(environments::Environment& environment, const api::Session& session,
                               const SearchBody& request) {
  auto text = index::parseSearchText(request.searchString);
  if (!text) {
    return std::move(text).error();
  }
  const bool anyType =
      request.entities.empty() ||
      std::all_of(request.entities.begin(), request.entities.end(), [](const auto& choice) {
        return choice.entity == "All" || choice.entity.empty();
      });
  if (text->empty() && anyType) {
    return Error::of(
        errors::kEmpty,
        "Type something to search for, or choose a type of record to list all of them.");
  }
  auto* index = environment.index();
  if (index == nullptr) {
    return searchUnavailable();
  }
  const auto& catalog = environment.catalog();
  auto types = searchableTypes(catalog, session.username, request.entities);
  if (!types) {
    return std::move(types).error();
  }
  SearchAnswer answer;
  answer.page = request.page;
  answer.pageSize = request.pageSize > 0 ? request.pageSize : environment.config().searchPageSize;
  answer.terms = text->highlightTerms();
  if (!types->empty()) {
    index::SearchQuery query{*text,
                             std::move(types).value(),
                             catalog.groupsOf(session.username),
                             request.status,
                             (request.page - 1) * answer.pageSize,
                             answer.pageSize};
    auto found = index->search(query);
    if (!found) {
      return std::move(found).error();
    }
    answer.found = std::move(found).value();
  }
  return answer;
}

}  // namespace dossier::search
