#pragma once

// Inside the index folder only: the words a typed prefix stands for.

#include <functional>
#include <string>

#include <xapian.h>

namespace dossier::index {

// Calls `each` with every term of `reader` starting with `prefix`, in order, and its frequency,
// until it returns false. Jumps from each term to the next in one descent of the table, where
// Xapian's list of all terms steps through every block of each term's posting list on its way (its
// continuation chunks): for a term on every entry (a type, a viewer set), the whole list.
void forEachTermStartingWith(const Xapian::Database& reader, const std::string& prefix,
                             const std::function<bool(std::string&&, Xapian::doccount)>& each);

// The terms of `reader` starting with `prefix`, the `atMost` most frequent of them (the commonest
// first wins a tie of frequencies by order), as one synonym: what Xapian's OP_WILDCARD with
// WILDCARD_LIMIT_MOST_FREQUENT expands to, found by forEachTermStartingWith. Xapian's own
// expansion walks every block of every term's posting list on its way to the next term: for
// `harb*` the 115 blocks of `harbour`'s list, at every place the prefix stands in a query.
// Nothing matches when no term starts so.
Xapian::Query termsStartingWith(const Xapian::Database& reader, const std::string& prefix,
                                Xapian::termcount atMost);

}  // namespace dossier::index
