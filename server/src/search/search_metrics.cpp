#include "search/search_metrics.hpp"

#include "metrics/registry.hpp"

namespace dossier::search {

void noteSearchStages(const SearchStages& stages) {
  // From a tenth of a millisecond to a second: a stage of a search is rarely more.
  static auto& family = metrics::processRegistry().histogram(
      "dossier_search_stage_seconds",
      "Time a search spent in each stage: prepare (the request read, the types decided), "
      "restrictions, match, hits (the hits read and their extracts cut), other_status (counting "
      "the statuses left out when nothing matched) and answer (written as JSON).",
      {"stage"}, {0.0001, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1});
  static auto& prepare = family.with({"prepare"});
  static auto& restrictions = family.with({"restrictions"});
  static auto& match = family.with({"match"});
  static auto& hits = family.with({"hits"});
  static auto& otherStatus = family.with({"other_status"});
  static auto& answer = family.with({"answer"});
  constexpr double kSeconds = 1000;
  prepare.observe(stages.prepare / kSeconds);
  restrictions.observe(stages.index.restrictions / kSeconds);
  match.observe(stages.index.match / kSeconds);
  hits.observe(stages.index.hits / kSeconds);
  if (stages.index.otherStatus > 0) {
    otherStatus.observe(stages.index.otherStatus / kSeconds);
  }
  answer.observe(stages.answer / kSeconds);
}

}  // namespace dossier::search
