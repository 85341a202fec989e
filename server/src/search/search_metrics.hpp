#pragma once

#include "index/search_index.hpp"

namespace dossier::search {

// Where a search's time went, by stage, in /metrics (dossier_search_stage_seconds): reading the
// request and deciding the types (prepare), the index's own stages (restrictions, match, hits,
// other_status), and writing the answer (answer). The time a request waited for a worker is the
// route's duration less these.
struct SearchStages {
  double prepare = 0;
  index::SearchTimings index;
  double answer = 0;
};

void noteSearchStages(const SearchStages& stages);

}  // namespace dossier::search
