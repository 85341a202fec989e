#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <boost/json/object.hpp>

#include "api/session.hpp"
#include "core/result.hpp"

namespace dossier::environments {
class Environment;
}

namespace dossier::forms {

// A stored person who may be the one a new person's form describes.
struct PossibleDuplicate {
  std::string personId;
  std::string displayName;
  std::string typeName;
  double score = 0;  // 0 to 1: how much of what tells persons apart agrees
  std::vector<std::pair<std::string, std::string>> fields;  // label, value, as shown
};

// The persons of this type the user may see whose names (or other names they are known by) match
// the new person's names — the surname word for word, other names by their first letters — and
// whose identifying dates, when both are known, are the same (the type's duplicateCheck). Best
// first, at most five; none when the type checks nothing or the names are empty. Uses the search
// index, so it stays fast on a million persons.
Result<std::vector<PossibleDuplicate>> possibleDuplicates(environments::Environment& environment,
                                                          const api::Session& session,
                                                          std::string_view typeRef,
                                                          const boost::json::object& values);

// How far a stored person's names (and the other names they are known by) agree with a new
// person's, from 0 to 1: each of the new names' words found whole counts 1, found by its first
// three letters ("Margie", "Margaret") a half. Words are the search index's, whatever their letter
// case: "ÖDÖN KOVÁCS" agrees wholly with "Ödön Kovács".
double nameAgreement(std::string_view wantedNames, std::string_view storedNames);

}  // namespace dossier::forms
