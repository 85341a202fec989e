#pragma once

#include <string>
#include <vector>

#include "api/session.hpp"
#include "core/result.hpp"
#include "index/search_index.hpp"
#include "search/search_request.hpp"

namespace dossier::environments {
class Environment;
}

namespace dossier::search {

// What a search found for one person: a page of hits among the types they may see, the words to
// highlight in them, and the paging it was answered with.
struct SearchAnswer {
  index::SearchPage found;
  std::vector<std::string> terms;
  int page = 1;
  int pageSize = 0;
};

// The answer while the environment's index is not attached yet (503).
Error searchUnavailable();

// Runs a search as the person may: 400 for text that cannot be searched, or for nothing typed
// with no type chosen (that would list everything); 503 while the environment has no index yet.
// Types the person may not see are left out without saying so; when none is left the page is
// empty. The page size is the request's, else the environment's.
Result<SearchAnswer> runSearch(environments::Environment& environment, const api::Session& session,
                               const SearchBody& request);

}  // namespace dossier::search
