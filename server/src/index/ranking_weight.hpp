#pragma once

// Inside the index folder only: the weighting of ranked searches.

#include <xapian.h>

#include "index/index_terms.hpp"

namespace dossier::index {

// A word a match holds weighs the word's rarity (its inverse document frequency) times where it
// stands: its within-entry frequency, which the index raises by a place's weight (a title 5, a
// field its searchWeight, a note 1, each word of a document's text 1), counted up to a title's
// worth (kTitleWeight). So a word in a title, a name or a heavy field weighs fully, once in a note
// a fifth; the entry's length counts for nothing; a match weighs the sum of its words'.
//
// Every bound on a match's weight is then one that matches reach — any title holding the word —
// and the page fills with matches at the bound: Xapian can stop there rather than weigh every
// match (BM25's bound on a common word was never reached; `the` weighed 400,000 titles). The
// index bounds a word's frequency by the greatest of any word, so a word found only in light
// places (notes) keeps a title's bound, and its matches are all weighed, as before. Xapian
// stops only once no match left could weigh strictly more than the page's lowest; a match left
// that weighs the same would lose the tie (equal weights are ordered by document id, and matches
// come in that order), so each bound is given a hair (one part in 10⁹) lower than the weight
// reached. A match whose weight lies within that hair of the bound and above the page's lowest
// could be left out: a difference the size of the rounding of a sum.
class RankingWeight final : public Xapian::Weight {
 public:
  static constexpr double kTieMargin = 1e-9;

  RankingWeight();

  double get_sumpart(Xapian::termcount wdf, Xapian::termcount length,
                     Xapian::termcount uniqueTerms) const override;
  double get_maxpart() const override;
  double get_sumextra(Xapian::termcount length, Xapian::termcount uniqueTerms) const override;
  double get_maxextra() const override;

 private:
  RankingWeight* clone() const override;
  void init(double factor) override;

  double weight_ = 0;  // the word's rarity, times the query's factor for it
};

}  // namespace dossier::index
