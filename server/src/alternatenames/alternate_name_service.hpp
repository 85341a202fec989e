#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "alternatenames/alternate_names.hpp"
#include "api/child_records.hpp"
#include "core/clock.hpp"
#include "core/result.hpp"

namespace dossier::environments {
class Environment;
}

namespace dossier::alternatenames {

// Every name part and the explanation hold at most this many characters (spec 2 §9).
inline constexpr std::size_t kNameLimit = 100;

// An alternate name as a save submits it (alternateNameDetails).
struct AlternateNameDraft {
  std::string personReference{};  // PersonGuid: the person's guid, or id in digits
  std::string guid{};             // empty for a new name
  AlternateName name{};           // the parts, the display name and the explanation
  std::optional<std::int64_t> rowVersion{};
};

// The display name made from the parts when the person leaves it empty: "{Firstname}
// {MiddleNames} {Surname}" without the parts that are empty, cut to the limit (the web app fills it
// in the same way as the person types).
std::string calculatedDisplayName(const AlternateName& name);

// What is wrong with the parts: field id (Surname, Firstname, …) → message.
std::map<std::string, std::string> problemsOf(const AlternateName& name);

struct PersonNames {
  records::RecordAccess person;
  std::vector<AlternateName> names;  // in the order they were added
};

// A person's other names; 404 for a person who is not there or hidden.
Result<PersonNames> namesOfPerson(environments::Environment& environment,
                                  const api::Session& session, std::string_view personReference);

// One name of a person, or a new one when guid is empty; 404 alternatenames.not_found for one that
// is not there or is another person's.
Result<api::SavedChild<AlternateName>> openAlternateName(environments::Environment& environment,
                                                         const api::Session& session,
                                                         std::string_view personReference,
                                                         std::string_view guid);

// Saves a new name (without a display name it gets the calculated one), or changes a stored one at
// the version it was opened at. Search finds the person by it once the answer is given; a save
// that changes nothing writes nothing.
Result<api::SavedChild<AlternateName>> saveAlternateName(environments::Environment& environment,
                                                         const api::Session& session,
                                                         AlternateNameDraft draft, TimePoint now);

// Removes a name: the person's history says so, and search no longer finds them by it.
Result<void> removeAlternateName(environments::Environment& environment,
                                 const api::Session& session, std::string_view guid, TimePoint now);

}  // namespace dossier::alternatenames
