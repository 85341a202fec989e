#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "api/child_records.hpp"
#include "core/clock.hpp"
#include "core/result.hpp"
#include "crossreferences/cross_references.hpp"

namespace dossier::environments {
class Environment;
}

namespace dossier::crossreferences {

// A cross reference as a save submits it (crossReferenceDetails).
struct CrossReferenceDraft {
  std::string parentCaseNumber{};  // the case it is saved from
  std::string caseNumber{};        // the other case; for a stored one, another case moves it there
  std::string comments{};
  std::string guid{};  // empty for a new one
  std::optional<std::int64_t> rowVersion{};
};

// A cross reference seen from one of its cases, with the other case as the person may use it.
struct SeenCrossReference {
  CrossReference link;
  std::optional<records::RecordAccess> other;

  // Whether the person may see the other case. When not, nothing of the cross reference is theirs
  // to see — its comments, who made it, its key — only that the case has one (spec 2 §6).
  bool visible() const { return other && other->visible(); }
};

struct CaseCrossReferences {
  records::RecordAccess parent;
  std::vector<SeenCrossReference> links;  // oldest first
};

// The cross references of a case, whichever case they were made from.
Result<CaseCrossReferences> crossReferencesOfCase(environments::Environment& environment,
                                                  const api::Session& session,
                                                  std::string_view caseNumber);

struct OpenedCrossReference {
  records::RecordAccess parent;
  SeenCrossReference seen;
  bool isNew = false;
};

// The cross reference between two cases ("new": an empty one). One whose other case the person
// may not see is told as not there (404 crossreferences.not_found), unless they knew that case
// while they could see it (records/access mayBeToldOfHidden): then it opens as Cannot View, without
// anything of it.
Result<OpenedCrossReference> openCrossReference(environments::Environment& environment,
                                                const api::Session& session,
                                                std::string_view caseNumber,
                                                std::string_view xrefCaseNumber);

// Saves a new cross reference, or changes a stored one at the version it was opened at: its
// comments, and its case (Edit) — never to the same case, to a case the person may not see, or to
// a case it is linked with already. A save that changes nothing writes nothing.
Result<api::SavedChild<SeenCrossReference>> saveCrossReference(
    environments::Environment& environment, const api::Session& session,
    const CrossReferenceDraft& draft, TimePoint now);

// Removes one from either of its cases.
Result<void> removeCrossReference(environments::Environment& environment,
                                  const api::Session& session, std::string_view caseNumber,
                                  std::string_view guid, TimePoint now);

}  // namespace dossier::crossreferences
