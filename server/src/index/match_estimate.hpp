#pragma once

// Inside the index folder only: how many entries a query matches, estimated from its words'
// frequencies.

#include <optional>

#include <xapian.h>

namespace dossier::index {

// The entries `query` would match in `reader`, estimated from its terms' frequencies alone: the
// chance that an entry matches were each different term to fall on entries independently of the
// others, summed over which of the terms an entry holds, times the entries. A synonym of terms
// (the words a typed prefix stands for, prefix_terms.hpp) is one leaf, held when any of its terms
// is. A term or synonym the query names twice (the second tier of a search names each of its
// words twice) counts once, as it should. It is the kind of estimate Xapian gives a match asked for
// no hits, made without opening a posting list: each term's frequency is one look-up in the
// reader's table, where a match reads the first blocks of every list it opens, for each time the
// term stands in the query. Nothing for a query holding what this cannot estimate (a phrase, a
// wildcard not expanded) or more than a dozen different leaves: Xapian is asked then.
std::optional<double> estimatedMatches(const Xapian::Query& query, const Xapian::Database& reader);

// An estimate as a count that reads as one: to two significant figures (2,212 is 2,200), as Xapian
// rounds its own; below a hundred, to the unit.
Xapian::doccount roughly(double estimate);

}  // namespace dossier::index
