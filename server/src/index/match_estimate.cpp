#include "index/match_estimate.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

namespace dossier::index {

namespace {

// Beyond this many different terms (or synonyms) the sum over which of them an entry holds (2^n
// cases) is left to Xapian.
constexpr std::size_t kLeavesAtMost = 12;

// The query's shape, each different term (or synonym) numbered: walked once for every case of the
// sum.
struct Shape {
  enum class Kind { Term, All, Nothing, And, Or, AndNot } kind = Kind::Nothing;
  std::size_t term = 0;
  std::vector<Shape> parts;
};

// What the shape's numbered leaves stand for: a term, or a synonym's terms (a typed prefix's
// words), any of which the entry holds.
using Leaves = std::map<std::vector<std::string>, std::size_t>;

Shape leafOf(std::vector<std::string> terms, Leaves& leaves) {
  Shape shape;
  shape.kind = Shape::Kind::Term;
  shape.term = leaves.emplace(std::move(terms), leaves.size()).first->second;
  return shape;
}

// The query as a Shape, its leaves added to `leaves`; nothing for what cannot be estimated so.
std::optional<Shape> shapeOf(const Xapian::Query& query, Leaves& leaves) {
  Shape shape;
  switch (query.get_type()) {
    case Xapian::Query::LEAF_TERM:
      return leafOf({*query.get_terms_begin()}, leaves);
    case Xapian::Query::OP_SYNONYM: {
      // A synonym of terms is one leaf, however many places it stands in.
      std::vector<std::string> terms;
      for (std::size_t i = 0; i < query.get_num_subqueries(); ++i) {
        const auto part = query.get_subquery(i);
        if (part.get_type() != Xapian::Query::LEAF_TERM) {
          return std::nullopt;
        }
        terms.push_back(*part.get_terms_begin());
      }
      std::sort(terms.begin(), terms.end());
      return leafOf(std::move(terms), leaves);
    }
    case Xapian::Query::LEAF_MATCH_ALL:
      shape.kind = Shape::Kind::All;
      return shape;
    case Xapian::Query::LEAF_MATCH_NOTHING:
      return shape;
    case Xapian::Query::OP_SCALE_WEIGHT:
      // Weight aside, it matches what its part matches.
      return shapeOf(query.get_subquery(0), leaves);
    case Xapian::Query::OP_AND:
    case Xapian::Query::OP_FILTER:
      shape.kind = Shape::Kind::And;
      break;
    case Xapian::Query::OP_OR:
      shape.kind = Shape::Kind::Or;
      break;
    case Xapian::Query::OP_AND_NOT:
      shape.kind = Shape::Kind::AndNot;
      break;
    default:
      return std::nullopt;
  }
  for (std::size_t i = 0; i < query.get_num_subqueries(); ++i) {
    auto part = shapeOf(query.get_subquery(i), leaves);
    if (!part) {
      return std::nullopt;
    }
    shape.parts.push_back(std::move(*part));
  }
  return shape;
}

// Whether an entry holding the terms whose bits are set in `held` matches.
bool matches(const Shape& shape, unsigned held) {
  const auto holds = [&](const Shape& part) { return matches(part, held); };
  const auto& parts = shape.parts;
  switch (shape.kind) {
    case Shape::Kind::Term:
      return (held >> shape.term & 1U) != 0;
    case Shape::Kind::All:
      return true;
    case Shape::Kind::Nothing:
      return false;
    case Shape::Kind::And:
      return std::all_of(parts.begin(), parts.end(), holds);
    case Shape::Kind::Or:
      return std::any_of(parts.begin(), parts.end(), holds);
    case Shape::Kind::AndNot:
      return !parts.empty() && holds(parts.front()) &&
             std::none_of(parts.begin() + 1, parts.end(), holds);
  }
  return false;
}

}  // namespace

std::optional<double> estimatedMatches(const Xapian::Query& query, const Xapian::Database& reader) {
  Leaves leaves;
  const auto shape = shapeOf(query, leaves);
  if (!shape || leaves.size() > kLeavesAtMost) {
    return std::nullopt;
  }
  const double entries = reader.get_doccount();
  if (entries == 0) {
    return 0.0;
  }
  // Each leaf's share of the entries; a synonym's, its terms taken as independent again.
  std::vector<double> shares(leaves.size());
  for (const auto& [terms, number] : leaves) {
    double missed = 1;
    for (const auto& term : terms) {
      missed *= 1 - std::min(1.0, reader.get_termfreq(term) / entries);
    }
    shares[number] = 1 - missed;
  }
  // The chance that an entry matches, summed over which of the terms it holds.
  double share = 0;
  for (unsigned held = 0; held < (1U << leaves.size()); ++held) {
    if (!matches(*shape, held)) {
      continue;
    }
    double chance = 1;
    for (std::size_t i = 0; i < shares.size(); ++i) {
      chance *= (held >> i & 1U) != 0 ? shares[i] : 1 - shares[i];
    }
    share += chance;
  }
  return share * entries;
}

Xapian::doccount roughly(double estimate) {
  if (estimate < 100) {
    return static_cast<Xapian::doccount>(std::llround(std::max(0.0, estimate)));
  }
  const double unit = std::pow(10.0, std::floor(std::log10(estimate)) - 1);
  return static_cast<Xapian::doccount>(std::llround(estimate / unit) * unit);
}

}  // namespace dossier::index
