#include "caseactions/case_action_service.hpp"

#include <algorithm>
#include <cctype>

#include "api/errors.hpp"
#include "caseactions/errors.hpp"
#include "db/connection.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"
#include "records/audit.hpp"
#include "records/errors.hpp"
#include "types/errors.hpp"
#include "types/form_validation.hpp"

namespace dossier::caseactions {

using records::CaseAction;
using types::EntityKind;

namespace {

const ErrorCode& kDenied = errors::kModifyDenied;

Error notThere() {
  return Error::of(records::errors::kCaseactionNotFound, "This action is not there any more.");
}

Error unknownType(const records::RecordAccess& owner, std::string_view code) {
  return Error::of(errors::kUnknownType,
                   "A " + owner.type->name + " has no action '" + std::string(code) + "'.");
}

const api::VersionRule kVersion{
    .noun = "action",
    .changedCode = records::errors::kChanged,
    .missingCode = api::errors::kMissingVersion,
    .missingMessage = "The save must carry rowVersion, the version the form was loaded at."};

ActionRow rowOf(db::Connection& db, CaseAction action, std::string ownerNumber, bool concerning) {
  ActionRow row{std::move(action), std::move(ownerNumber), concerning, 0, 0};
  row.relatedCaseCount =
      static_cast<std::int64_t>(records::casesOfAction(db, row.action.id).size());
  row.documentCount = records::documentCountOf(db, row.action.id);
  return row;
}

// The stored action of a case, and its type; 404 for one of another case.
Result<std::pair<CaseAction, const types::ActionType*>> actionOf(db::Connection& db,
                                                                 const types::Catalog& catalog,
                                                                 const records::RecordAccess& owner,
                                                                 std::string_view guid) {
  auto action = records::findAction(db, guid);
  if (!action || action->caseId != owner.record.id) {
    return notThere();
  }
  const auto* type = actionType(catalog, action->typeCode);
  return std::pair{std::move(*action), type};
}

}  // namespace

const types::ActionType* actionType(const types::Catalog& catalog, std::string_view code) {
  for (const auto& type : catalog.actionTypes) {
    if (type->code.size() == code.size() &&
        std::equal(code.begin(), code.end(), type->code.begin(), [](char a, char b) {
          return std::tolower(static_cast<unsigned char>(a)) ==
                 std::tolower(static_cast<unsigned char>(b));
        })) {
      return type.get();
    }
  }
  return nullptr;
}

Result<CaseActions> actionsOfCase(environments::Environment& environment,
                                  const api::Session& session, std::string_view caseNumber) {
  const auto& catalog = environment.catalog();
  auto db = environment.db().acquire();
  auto owner = api::findParent(*db, catalog, session, EntityKind::Case, caseNumber);
  if (!owner) {
    return std::move(owner).error();
  }
  CaseActions found{std::move(*owner), {}, {}};
  for (auto& action : records::actionsOf(*db, found.owner.record.id)) {
    found.items.push_back(rowOf(*db, std::move(action), found.owner.record.caseNumber, false));
  }
  for (auto& action : records::actionsConcerning(*db, found.owner.record.id)) {
    const auto other =
        records::recordAccessById(*db, catalog, EntityKind::Case, action.caseId, session.username);
    if (other && other->visible()) {
      found.concerning.push_back(rowOf(*db, std::move(action), other->record.caseNumber, true));
    }
  }
  return found;
}

Result<OpenedAction> openAction(environments::Environment& environment, const api::Session& session,
                                std::string_view caseNumber, std::string_view guid) {
  const auto& catalog = environment.catalog();
  auto db = environment.db().acquire();
  auto owner = api::findParent(*db, catalog, session, EntityKind::Case, caseNumber);
  if (!owner) {
    return std::move(owner).error();
  }
  auto found = actionOf(*db, catalog, *owner, guid);
  if (!found || found->second == nullptr) {
    return notThere();
  }
  OpenedAction opened{std::move(*owner), std::move(found->first), found->second, false, {}, 0};
  for (const auto caseId : records::casesOfAction(*db, opened.action.id)) {
    opened.relatedCases.push_back(
        records::recordAccessById(*db, catalog, EntityKind::Case, caseId, session.username));
  }
  opened.documentCount = records::documentCountOf(*db, opened.action.id);
  return opened;
}

Result<OpenedAction> newAction(environments::Environment& environment, const api::Session& session,
                               std::string_view caseNumber, std::string_view typeCode,
                               TimePoint now) {
  const auto& catalog = environment.catalog();
  auto db = environment.db().acquire();
  auto owner = api::findParent(*db, catalog, session, EntityKind::Case, caseNumber);
  if (!owner) {
    return std::move(owner).error();
  }
  const auto* type = actionType(catalog, typeCode);
  if (type == nullptr || !type->isOn(*owner->type)) {
    return unknownType(*owner, typeCode);
  }
  CaseAction action;
  action.values = types::defaultValues(*type->form);
  action.values[types::kActionAt] = formatIsoTime(now);
  return OpenedAction{std::move(*owner), std::move(action), type, true, {}, 0};
}

Result<api::SavedChild<CaseAction>> saveAction(environments::Environment& environment,
                                               const api::Session& session,
                                               const ActionDraft& draft, TimePoint now) {
  const auto& catalog = environment.catalog();
  const auto actor = api::actorOf(session);
  CaseAction action;
  auto saved = api::changeChild(
      environment, session,
      {.parentKind = EntityKind::Case, .parentReference = draft.caseNumber, .deniedCode = kDenied},
      [&](db::Connection& db, const records::RecordAccess& owner) -> Result<bool> {
        std::optional<CaseAction> stored;
        const types::ActionType* type = nullptr;
        if (!draft.guid.empty()) {
          auto found = actionOf(db, catalog, owner, draft.guid);
          if (!found || found->second == nullptr) {
            return notThere();
          }
          stored = std::move(found->first);
          type = found->second;
        } else {
          type = actionType(catalog, draft.typeCode);
          if (type == nullptr || !type->isOn(*owner.type)) {
            return unknownType(owner, draft.typeCode);
          }
        }
        const auto before = stored ? stored->values : types::defaultValues(*type->form);
        auto checked = types::validateForm(*type->form, draft.values, before);
        if (!checked) {
          return std::move(checked).error();
        }
        if (!checked->fieldErrors.empty()) {
          std::string names;
          for (const auto& field : type->form->fields) {
            if (checked->fieldErrors.contains(field.id)) {
              names += (names.empty() ? "" : ", ") + field.label;
            }
          }
          auto error =
              Error::of(types::errors::kFormInvalid, "Some fields need attention: " + names + ".");
          error.fieldErrors = std::move(checked->fieldErrors);
          return error;
        }
        auto changes = records::changesBetween(*type->form, before, checked->values);
        if (!stored) {
          action.caseId = owner.record.id;
          action.typeCode = type->code;
          action.values = std::move(checked->values);
          records::addAction(db, action, type->name, actor, now);
          return true;
        }
        action = *stored;
        if (auto stale = api::staleSave(
                draft.rowVersion, {stored->rowVersion, stored->modifiedByName, stored->modifiedAt},
                kVersion)) {
          return std::move(*stale);
        }
        if (changes.empty()) {
          return false;
        }
        action.values = std::move(checked->values);
        records::updateAction(db, action, stored->rowVersion, type->name, std::move(changes), actor,
                              now);
        return true;
      });
  if (!saved) {
    return std::move(saved).error();
  }
  return api::SavedChild<CaseAction>{std::move(action), std::move(saved->parent), saved->changed};
}

Result<void> removeAction(environments::Environment& environment, const api::Session& session,
                          std::string_view caseNumber, std::string_view guid, TimePoint now) {
  const auto& catalog = environment.catalog();
  auto removed = api::changeChild(
      environment, session,
      {.parentKind = EntityKind::Case,
       .parentReference = std::string(caseNumber),
       .deniedCode = kDenied},
      [&](db::Connection& db, const records::RecordAccess& owner) -> Result<bool> {
        auto found = actionOf(db, catalog, owner, guid);
        if (!found) {
          return std::move(found).error();
        }
        records::removeAction(db, found->first,
                              found->second != nullptr ? found->second->name : "Action",
                              api::actorOf(session), now);
        return true;
      });
  if (!removed) {
    return std::move(removed).error();
  }
  return {};
}

Result<void> relateCase(environments::Environment& environment, const api::Session& session,
                        std::string_view caseNumber, std::string_view guid,
                        std::string_view relatedCaseNumber, bool remove, TimePoint now) {
  const auto& catalog = environment.catalog();
  auto related = api::changeChild(
      environment, session,
      {.parentKind = EntityKind::Case,
       .parentReference = std::string(caseNumber),
       .deniedCode = kDenied},
      [&](db::Connection& db, const records::RecordAccess& owner) -> Result<bool> {
        auto found = actionOf(db, catalog, owner, guid);
        if (!found) {
          return std::move(found).error();
        }
        const auto other = records::recordAccess(db, catalog, EntityKind::Case, relatedCaseNumber,
                                                 session.username);
        if (!other || !other->visible()) {
          return records::recordNotFound(EntityKind::Case, relatedCaseNumber);
        }
        if (other->record.id == owner.record.id) {
          return Error::of(errors::kOwnCase,
                           "An action is on its own case already; choose another case.");
        }
        if (!records::relateCase(db, found->first, other->record.id, !remove, api::actorOf(session),
                                 now)) {
          return Error::of(remove ? errors::kNotRelated : errors::kAlreadyRelated,
                           remove
                               ? "This action does not concern " + other->record.caseNumber + "."
                               : "This action concerns " + other->record.caseNumber + " already.");
        }
        return true;
      });
  if (!related) {
    return std::move(related).error();
  }
  return {};
}

}  // namespace dossier::caseactions
