#include "forms/form_save.hpp"

#include <chrono>

#include <spdlog/spdlog.h>

#include "api/errors.hpp"
#include "api/macro_host.hpp"
#include "db/connection.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"
#include "forms/errors.hpp"
#include "forms/form_macros.hpp"
#include "records/access.hpp"
#include "records/comments.hpp"
#include "records/errors.hpp"
#include "records/linked_records.hpp"
#include "records/macro_runs.hpp"
#include "records/record_writer.hpp"
#include "records/role_links.hpp"
#include "records/role_rules.hpp"
#include "sandbox/lua_sandbox.hpp"
#include "types/form_validation.hpp"
#include "types/macro_bindings.hpp"
#include "types/role_definition.hpp"

namespace dossier::forms {

namespace json = boost::json;
using types::EntityKind;

namespace {

// "a Complaint", "an Individual".
std::string withArticle(const std::string& noun) {
  const bool vowel =
      !noun.empty() && std::string_view("AEIOUaeiou").find(noun[0]) != std::string_view::npos;
  return (vowel ? "an " : "a ") + noun;
}

// Who changed the record and when, for a 409 that lets the person reload it.
Error withLastChange(Error error, const records::Record& current) {
  return std::move(error)
      .withDetail("changedBy", current.modifiedByName)
      .withDetail("changedAt", current.modifiedAt)
      .withDetail("rowVersion", current.rowVersion);
}

Error changedMeanwhile(const types::EntityType& type, const records::Record& current) {
  return withLastChange(
      Error::of(records::errors::kChanged,
                "This " + type.name + " was changed by " + current.modifiedByName + " at " +
                    current.modifiedAt + " after you opened it. Reload it to see their changes."),
      current);
}

// Status lives in its own column; the form edits it as the field "status".
void splitStatus(records::Record& record, json::object& values) {
  if (record.kind != EntityKind::Case) {
    return;
  }
  if (const auto* status = values.if_contains("status"); status != nullptr && status->is_string()) {
    record.status = std::string(status->get_string());
  }
  values.erase("status");
}

bool isActiveStatus(const types::EntityType& type, const std::string& status) {
  for (const auto& each : type.statuses) {
    if (each.value == status) {
      return each.active;
    }
  }
  return true;
}

// The stored record a save or a change of state is about, when the person may change it: 404 when
// they may not see it (as if it did not exist), 403 without the right.
Result<records::RecordAccess> changeable(db::Connection& db, const types::Catalog& catalog,
                                         EntityKind kind, std::string_view identifier,
                                         std::string_view username) {
  auto found = records::recordAccess(db, catalog, kind, identifier, username);
  if (!found || !found->visible()) {
    return records::recordNotFound(kind, identifier);
  }
  return std::move(*found);
}

// What a save writes to: the type, and the stored record unless it is a new one; refused when the
// person may not create or change it.
struct SaveTarget {
  const types::EntityType* type = nullptr;
  std::optional<records::Record> stored;
};

Result<SaveTarget> saveTarget(db::Connection& db, const types::Catalog& catalog,
                              const api::Session& session, const SaveRequest& request) {
  SaveTarget target;
  if (request.identifier.empty()) {
    target.type = catalog.find(request.kind, request.typeRef);
    if (target.type == nullptr) {
      return Error::of(errors::kUnknownType, "There is no " +
                                                 std::string(types::kindName(request.kind)) +
                                                 " type '" + request.typeRef + "'.");
    }
    if (!records::accessFor(catalog, *target.type, session.username).canCreate) {
      return Error::of(records::errors::kCreateDenied,
                       "You are not allowed to create " + withArticle(target.type->name) + ".");
    }
    return target;
  }
  if (!request.rowVersion) {
    return Error::of(api::errors::kMissingVersion,
                     "The save must carry rowVersion, the version the form was loaded at.");
  }
  auto found = changeable(db, catalog, request.kind, request.identifier, session.username);
  if (!found) {
    return std::move(found).error();
  }
  if (!found->access.readOnlyReason.empty()) {
    return withLastChange(Error::of(records::errors::kObsolete, found->access.readOnlyReason),
                          found->record);
  }
  if (!found->access.canModify) {
    return Error::of(records::errors::kModifyDenied,
                     "You are not allowed to change this " + found->type->name + ".");
  }
  target.type = found->type;
  target.stored = std::move(found->record);
  return target;
}

}  // namespace

Result<SaveOutcome> saveForm(environments::Environment& environment, const api::Session& session,
                             const SaveRequest& request, TimePoint now) {
  const auto& catalog = environment.catalog();
  // A connection is held for reading and for writing, never while the values are checked (rich
  // text is sanitized then): a slow check does not keep a connection from others.
  auto target = [&]() -> Result<SaveTarget> {
    auto db = environment.db().acquire();
    return saveTarget(*db, catalog, session, request);
  }();
  if (!target) {
    return std::move(target).error();
  }
  const auto* type = target->type;
  auto& stored = target->stored;

  json::object before = stored ? stored->values : types::defaultValues(*type);
  if (stored && stored->kind == EntityKind::Case) {
    before["status"] = stored->status;
  }
  auto submitted = request.values;
  records::keepUnavailableLinks(*type, before, submitted);
  auto checked = types::validateForm(*type, submitted, before);
  if (!checked) {
    return std::move(checked).error();
  }
  if (!checked->fieldErrors.empty()) {
    return invalidForm(*type, std::move(checked->fieldErrors));
  }
  auto values = std::move(checked->values);
  SaveOutcome outcome;
  // The type's before-save macro may change values, put messages on fields or refuse the save;
  // its notifications are kept only if the save is.
  std::vector<sandbox::MacroNotice> notifications;
  if (const auto* macro = catalog.macroFor("beforeSave", type->kind, type->ref)) {
    api::RecordMacroHost host(environment, session.username, type->kind, stored ? stored->id : 0);
    auto ruled = runBeforeSaveMacro(environment.db(), *macro, *type, session, host, before, values,
                                    !stored.has_value(), stored ? stored->identifier() : "");
    if (!ruled) {
      return std::move(ruled).error();
    }
    values = std::move(ruled->values);
    notifications = std::move(ruled->notifications);
    outcome.alerts = std::move(ruled->alerts);
  }
  // Written with a connection of its own, let go before the after-save macro takes one.
  records::Record record;
  auto written = [&]() -> Result<bool> {
    auto db = environment.db().acquire();
    outcome.warnings = records::checkLinks(*db, catalog, *type, session.username, before, values);
    auto changes = records::changesBetween(*type, stored ? before : json::object{}, values);

    if (stored && changes.empty()) {
      // Saving a clean form does nothing but finish (spec 1 §4); a stale one is still stale.
      if (*request.rowVersion != stored->rowVersion) {
        return changedMeanwhile(*type, *stored);
      }
      record = std::move(*stored);
      return false;
    }

    record = stored ? std::move(*stored) : records::Record{};
    record.kind = request.kind;
    const auto statusBefore = record.status;
    splitStatus(record, values);
    // A closed case opened again is the activity event "reopened" (spec 1 §4).
    json::value activity = nullptr;
    if (stored && record.kind == EntityKind::Case && !isActiveStatus(*type, statusBefore) &&
        isActiveStatus(*type, record.status)) {
      activity = json::object{{"formId", type->formId},
                              {"entityIdentifier", record.identifier()},
                              {"activeState", "reopened"}};
      outcome.reopened = true;
    }
    record.values = std::move(values);
    const auto actor = api::actorOf(session);

    db::Transaction transaction(*db);
    std::optional<records::RoleParent> roleParent;
    if (request.identifier.empty() && request.role) {
      // The parent is checked in the transaction that links to it.
      auto parent = records::roleParent(*db, catalog, session.username, request.role->roleCode,
                                        request.role->parentKind, request.role->parentIdentifier);
      if (!parent) {
        return std::move(parent).error();
      }
      if (auto refused = records::holderRefused(*parent->role, *type)) {
        return std::move(*refused);
      }
      roleParent = std::move(parent).value();
    }
    if (request.identifier.empty()) {
      records::createRecord(*db, *type, record, {"created", std::move(changes), nullptr}, actor,
                            now);
      if (roleParent) {
        records::RoleLink link;
        link.roleCode = roleParent->role->code;
        link.parentKind = roleParent->parent.record.kind;
        link.parentId = roleParent->parent.record.id;
        link.holderKind = record.kind;
        link.holderId = record.id;
        link.roleName = roleParent->role->name;
        records::addLink(*db, link, actor, now);
      }
    } else if (!records::updateRecord(*db, *type, record, *request.rowVersion,
                                      {"updated", std::move(changes), activity}, actor, now)) {
      const auto current = records::findRecord(*db, record.kind, record.identifier());
      return changedMeanwhile(*type, current ? *current : record);
    }
    storeNotifications(*db, session, notifications, record.kind, record.identifier(), now);
    transaction.commit();
    return true;
  }();
  if (!written) {
    return std::move(written).error();
  }
  if (!*written) {
    outcome.record = std::move(record);
    return outcome;
  }
  // The save stands: the after-save macro may only tell the person something.
  if (const auto* macro = catalog.macroFor("afterSave", type->kind, type->ref)) {
    api::RecordMacroHost host(environment, session.username, record.kind, record.id);
    auto alerts = runAfterSaveMacro(environment.db(), *macro, *type, session, host, record,
                                    request.identifier.empty());
    outcome.alerts.insert(outcome.alerts.end(), alerts.begin(), alerts.end());
  }
  outcome.record = std::move(record);
  outcome.changed = true;
  return outcome;
}

Result<records::Record> setPersonObsolete(environments::Environment& environment,
                                          const api::Session& session, std::string_view personId,
                                          bool obsolete, TimePoint now) {
  auto db = environment.db().acquire();
  // Read and written in one write transaction: a save of the same person landing in between
  // cannot make this change of state fail with a conflict the person did not cause (it carries
  // no version of theirs to be stale).
  db::Transaction transaction(*db);
  auto found =
      changeable(*db, environment.catalog(), EntityKind::Person, personId, session.username);
  if (!found) {
    return std::move(found).error();
  }
  const auto& type = *found->type;
  auto& record = found->record;
  if (!found->access.canDelete) {
    return Error::of(records::errors::kDeleteDenied,
                     std::string("You are not allowed to ") + (obsolete ? "make" : "reinstate") +
                         " this " + type.name + (obsolete ? " obsolete." : "."));
  }
  if (record.obsolete == obsolete) {
    return Error::of(
        obsolete ? errors::kAlreadyObsolete : errors::kAlreadyActive,
        "This " + type.name + (obsolete ? " is already obsolete." : " is already active."));
  }
  const json::object activity{{"formId", type.formId},
                              {"entityIdentifier", record.identifier()},
                              {"activeState", obsolete ? "deactivated" : "reactivated"}};
  const auto version = record.rowVersion;
  record.obsolete = obsolete;
  if (!records::updateRecord(*db, type, record, version,
                             {obsolete ? "obsolete" : "reinstate", {}, activity},
                             api::actorOf(session), now)) {
    return Error::of(records::errors::kChanged,
                     "This " + type.name + " was changed meanwhile. Reload it.");
  }
  // The person's comments say so too, in words the product wrote (a system comment).
  records::addSystemComment(
      *db, EntityKind::Person, record.id,
      std::string(obsolete ? "Made obsolete" : "Reinstated") + " by " + session.displayName + ".",
      api::actorOf(session), now);
  transaction.commit();
  return std::move(record);
}

Result<std::string> createRequested(environments::Environment& environment,
                                    const api::Session& session, const api::NewRecord& asked) {
  SaveRequest request;
  request.kind = asked.kind;
  request.typeRef = asked.typeRef;
  request.values = asked.values;
  if (!asked.roleCode.empty()) {
    request.role = RoleForNew{asked.roleCode, asked.parentKind, asked.parentIdentifier};
  }
  auto saved = saveForm(environment, session, request, Clock::now());
  if (!saved) {
    return std::move(saved).error();
  }
  return saved->record.identifier();
}

}  // namespace dossier::forms
