#include "forms/possible_duplicates.hpp"

#include <algorithm>

#include "db/pool.hpp"
#include "environments/environment.hpp"
#include "forms/errors.hpp"
#include "index/index_terms.hpp"
#include "index/search_index.hpp"
#include "index/words.hpp"
#include "records/access.hpp"
#include "types/field_values.hpp"

namespace dossier::forms {

namespace json = boost::json;
using types::EntityKind;

namespace {

constexpr std::size_t kMostShown = 5;
constexpr int kCandidates = 25;
// Other names are matched by their first letters: "Margie" finds "Margaret" and "Marguerite".
constexpr std::size_t kPrefixLetters = 3;

std::string textOf(const json::object& values, const std::string& field) {
  const auto* value = values.if_contains(field);
  return value != nullptr && value->is_string() ? std::string(value->get_string()) : "";
}

}  // namespace

double nameAgreement(std::string_view wantedNames, std::string_view storedNames) {
  const auto wanted = index::wordsOf(wantedNames);
  if (wanted.empty()) {
    return 0;
  }
  const auto stored = index::wordsOf(storedNames);
  const auto startsAlike = [&](const std::string& word) {
    const auto start = index::firstLetters(word, kPrefixLetters);
    return std::any_of(stored.begin(), stored.end(), [&](const std::string& each) {
      return index::letterCount(word) >= kPrefixLetters &&
             index::letterCount(each) >= kPrefixLetters &&
             index::firstLetters(each, kPrefixLetters) == start;
    });
  };
  double found = 0;
  for (const auto& word : wanted) {
    if (std::find(stored.begin(), stored.end(), word) != stored.end()) {
      found += 1;
    } else if (startsAlike(word)) {
      found += 0.5;
    }
  }
  return found / static_cast<double>(wanted.size());
}

Result<std::vector<PossibleDuplicate>> possibleDuplicates(environments::Environment& environment,
                                                          const api::Session& session,
                                                          std::string_view typeRef,
                                                          const json::object& values) {
  const auto& catalog = environment.catalog();
  const auto* type = catalog.find(EntityKind::Person, typeRef);
  if (type == nullptr) {
    return Error::of(errors::kUnknownType,
                     "There is no person type '" + std::string(typeRef) + "'.");
  }
  std::vector<PossibleDuplicate> found;
  if (!type->duplicateCheck || !records::accessFor(catalog, *type, session.username).canView) {
    return found;
  }
  const auto& check = *type->duplicateCheck;
  // The last name field (the surname) must match word for word; the others by first letters.
  index::ParsedQuery query;
  std::string wanted;
  std::size_t prefixes = 0;
  for (std::size_t i = 0; i < check.names.size(); ++i) {
    const bool exact = i + 1 == check.names.size();
    const auto names = textOf(values, check.names[i]);
    wanted += names + " ";
    for (const auto& word : index::wordsOf(names)) {
      if (query.clauses.size() >= index::kMaxSearchWords) {
        break;
      }
      if (exact || index::letterCount(word) < kPrefixLetters) {
        query.clauses.push_back({index::QueryClause::Kind::Word, word, false});
      } else if (prefixes++ < index::kMaxSearchPrefixes) {
        query.clauses.push_back(
            {index::QueryClause::Kind::Prefix, index::firstLetters(word, kPrefixLetters), false});
      }
    }
  }
  auto* searchIndex = environment.index();
  if (query.empty() || searchIndex == nullptr) {
    return found;
  }
  index::SearchQuery search{query,
                            {index::typeKey(EntityKind::Person, type->ref)},
                            catalog.groupsOf(session.username),
                            index::StatusFilter::Active,
                            0,
                            kCandidates};
  auto hits = searchIndex->search(search);
  if (!hits) {
    return std::move(hits).error();
  }
  auto db = environment.db().acquire();
  for (const auto& hit : hits->hits) {
    const auto candidate =
        records::recordAccess(*db, catalog, EntityKind::Person, hit.identifier, session.username);
    if (!candidate || !candidate->visible() || candidate->type != type) {
      continue;
    }
    const auto& stored = candidate->record.values;
    // A known date that differs tells two persons apart; the same one counts for them.
    bool differs = false;
    double dates = 0;
    for (const auto& id : check.dates) {
      const auto wantedDate = textOf(values, id);
      const auto storedDate = textOf(stored, id);
      if (!wantedDate.empty() && !storedDate.empty()) {
        differs = differs || wantedDate != storedDate;
        dates += wantedDate == storedDate ? 1 : 0;
      }
    }
    if (differs) {
      continue;
    }
    std::string storedNames;
    for (const auto& id : check.names) {
      storedNames += textOf(stored, id) + " ";
    }
    // Other names the person is known by count as their names (the index found them by those).
    for (const auto& field : hit.searchFields->list) {
      if (field.as_object().at("key").as_string() == "Also known as") {
        storedNames += std::string(field.as_object().at("value").as_string()) + " ";
      }
    }
    const double names = nameAgreement(wanted, storedNames);
    PossibleDuplicate duplicate;
    duplicate.personId = candidate->record.identifier();
    duplicate.displayName = candidate->record.displayName;
    duplicate.typeName = type->name;
    duplicate.score =
        check.dates.empty() ? names : 0.7 * names + 0.3 * (dates / check.dates.size());
    for (const auto& id : check.names) {
      const auto* field = type->field(id);
      duplicate.fields.emplace_back(field->label, textOf(stored, id));
    }
    for (const auto& id : check.dates) {
      const auto* field = type->field(id);
      duplicate.fields.emplace_back(field->label, textOf(stored, id));
    }
    found.push_back(std::move(duplicate));
  }
  std::stable_sort(found.begin(), found.end(),
                   [](const auto& a, const auto& b) { return a.score > b.score; });
  if (found.size() > kMostShown) {
    found.resize(kMostShown);
  }
  return found;
}

}  // namespace dossier::forms
