#include "index/ranking_weight.hpp"

#include <algorithm>
#include <cmath>

namespace dossier::index {

namespace {

// The share of a word's weight its place gives: its frequency in the entry, up to a title's.
double placeShare(Xapian::termcount wdf) {
  return static_cast<double>(std::min<Xapian::termcount>(wdf, kTitleWeight)) / kTitleWeight;
}

}  // namespace

RankingWeight::RankingWeight() {
  need_stat(COLLECTION_SIZE);
  need_stat(TERMFREQ);
  need_stat(WDF);
  need_stat(WDF_MAX);
}

RankingWeight* RankingWeight::clone() const {
  return new RankingWeight();
}

void RankingWeight::init(double factor) {
  // Lucene's form of BM25's inverse document frequency: positive however common the word.
  const double entries = get_collection_size();
  const double holding = get_termfreq();
  weight_ = factor * std::log(1 + (entries - holding + 0.5) / (holding + 0.5));
}

double RankingWeight::get_sumpart(Xapian::termcount wdf, Xapian::termcount,
                                  Xapian::termcount) const {
  return weight_ * placeShare(wdf);
}

double RankingWeight::get_maxpart() const {
  return weight_ * placeShare(get_wdf_upper_bound()) * (1 - kTieMargin);
}

double RankingWeight::get_sumextra(Xapian::termcount, Xapian::termcount) const {
  return 0;
}

double RankingWeight::get_maxextra() const {
  return 0;
}

}  // namespace dossier::index
