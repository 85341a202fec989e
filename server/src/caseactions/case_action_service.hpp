#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/json/object.hpp>

#include "api/child_records.hpp"
#include "core/clock.hpp"
#include "core/result.hpp"
#include "records/case_actions.hpp"
#include "types/action_types.hpp"

namespace dossier::environments {
class Environment;
}

namespace dossier::caseactions {

// The action type of a code, whatever its case ("call" is CALL); null when there is none.
const types::ActionType* actionType(const types::Catalog& catalog, std::string_view code);

// An action as a case's list shows it.
struct ActionRow {
  records::CaseAction action;
  std::string ownerCaseNumber;
  bool concerning = false;  // an action of another case that concerns this one
  std::int64_t relatedCaseCount = 0;
  std::int64_t documentCount = 0;
};

struct CaseActions {
  records::RecordAccess owner;
  std::vector<ActionRow> items;       // the case's own, latest first
  std::vector<ActionRow> concerning;  // other cases' that concern it, when the person may see them
};

Result<CaseActions> actionsOfCase(environments::Environment& environment,
                                  const api::Session& session, std::string_view caseNumber);

// An action's form: the action (a new one with its type's defaults and When set to now), its type,
// the other cases it concerns — each as the person may see it — and its documents.
struct OpenedAction {
  records::RecordAccess owner;
  records::CaseAction action;
  const types::ActionType* type = nullptr;
  bool isNew = false;
  std::vector<std::optional<records::RecordAccess>> relatedCases;
  std::int64_t documentCount = 0;
};

Result<OpenedAction> openAction(environments::Environment& environment, const api::Session& session,
                                std::string_view caseNumber, std::string_view guid);
Result<OpenedAction> newAction(environments::Environment& environment, const api::Session& session,
                               std::string_view caseNumber, std::string_view typeCode,
                               TimePoint now);

// An action as a save submits it.
struct ActionDraft {
  std::string caseNumber{};
  std::string guid{};      // a stored action; empty for a new one
  std::string typeCode{};  // a new action's type
  boost::json::object values{};
  std::optional<std::int64_t> rowVersion{};
};

// Saves a new action of a type its case has, or changes a stored one at the version it was loaded
// at: its values checked as a form's (400 with field errors), each field's change in the case's
// history; a save that changes nothing writes nothing.
Result<api::SavedChild<records::CaseAction>> saveAction(environments::Environment& environment,
                                                        const api::Session& session,
                                                        const ActionDraft& draft, TimePoint now);

// Removes an action; its documents stay with the case.
Result<void> removeAction(environments::Environment& environment, const api::Session& session,
                          std::string_view caseNumber, std::string_view guid, TimePoint now);

// Makes an action concern another case the person may see, or no longer (remove).
Result<void> relateCase(environments::Environment& environment, const api::Session& session,
                        std::string_view caseNumber, std::string_view guid,
                        std::string_view relatedCaseNumber, bool remove, TimePoint now);

}  // namespace dossier::caseactions
