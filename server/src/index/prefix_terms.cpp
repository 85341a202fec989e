#include "index/prefix_terms.hpp"

#include <algorithm>
#include <utility>
#include <vector>

namespace dossier::index {

void forEachTermStartingWith(const Xapian::Database& reader, const std::string& prefix,
                             const std::function<bool(std::string&&, Xapian::doccount)>& each) {
  const auto end = reader.allterms_end(prefix);
  for (auto it = reader.allterms_begin(prefix); it != end;) {
    auto term = *it;
    // A term with a zero byte added sorts after every continuation of this term's list and
    // before the next term.
    auto next = term + '\0';
    if (!each(std::move(term), it.get_termfreq())) {
      return;
    }
    it.skip_to(next);
  }
}

Xapian::Query termsStartingWith(const Xapian::Database& reader, const std::string& prefix,
                                Xapian::termcount atMost) {
  std::vector<std::pair<Xapian::doccount, std::string>> found;
  forEachTermStartingWith(reader, prefix, [&](std::string&& term, Xapian::doccount frequency) {
    found.emplace_back(frequency, std::move(term));
    return true;
  });
  if (found.size() > atMost) {
    std::stable_sort(found.begin(), found.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    found.resize(atMost);
    std::sort(found.begin(), found.end(),
              [](const auto& a, const auto& b) { return a.second < b.second; });
  }
  if (found.empty()) {
    return Xapian::Query::MatchNothing;
  }
  std::vector<Xapian::Query> terms;
  terms.reserve(found.size());
  for (auto& [frequency, term] : found) {
    terms.emplace_back(std::move(term));
  }
  return Xapian::Query(Xapian::Query::OP_SYNONYM, terms.begin(), terms.end());
}

}  // namespace dossier::index
