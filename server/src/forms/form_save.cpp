#include "forms/form_save.hpp"

#include "db/connection.hpp"
#include "db/pool.hpp"
#include "entities/access.hpp"
#include "entities/audit.hpp"
#include "entities/context.hpp"
#include "forms/form_validation.hpp"
#include "forms/linked_records.hpp"
#include "forms/templates.hpp"

namespace dossier::forms {

namespace json = boost::json;
using entities::EntityKind;

namespace {

Error invalid(const entities::EntityType& type, std::map<std::string, std::string> fieldErrors) {
  std::string names;
  for (const auto& field : type.fields) {
    if (fieldErrors.contains(field.id)) {
      names += (names.empty() ? "" : ", ") + field.label;
    }
  }
  auto error = Error::badRequest("form.invalid", "Some fields need attention: " + names + ".");
  error.fieldErrors = std::move(fieldErrors);
  return error;
}

// "a Complaint", "an Individual".
std::string withArticle(const std::string& noun) {
  const bool vowel =
      !noun.empty() && std::string_view("AEIOUaeiou").find(noun[0]) != std::string_view::npos;
  return (vowel ? "an " : "a ") + noun;
}

Error notFound(EntityKind kind, std::string_view identifier) {
  return Error::notFound("record.not_found",
                         kind == EntityKind::Case
                             ? "There is no case " + std::string(identifier) + "."
                             : "There is no person " + std::string(identifier) + ".");
}

Error changedMeanwhile(const entities::EntityType& type, const entities::Record& current) {
  return Error::conflict("record.changed",
                         "This " + type.name + " was changed by " + current.modifiedByName +
                             " at " + current.modifiedAt +
                             " after you opened it. Reload it to see their changes.")
      .withDetail("changedBy", current.modifiedByName)
      .withDetail("changedAt", current.modifiedAt)
      .withDetail("rowVersion", current.rowVersion);
}

// Status lives in its own column; the form edits it as the field "status".
void splitStatus(entities::Record& record, json::object& values) {
  if (record.kind != EntityKind::Case) {
    return;
  }
  if (const auto* status = values.if_contains("status"); status != nullptr && status->is_string()) {
    record.status = std::string(status->get_string());
  }
  values.erase("status");
}

}  // namespace

Result<SaveOutcome> saveForm(environments::Environment& environment, const auth::Session& session,
                             const SaveRequest& request, TimePoint now) {
  const auto& catalog = entities::catalogOf(environment);
  const auto actor = entities::actorOf(session);
  auto db = environment.db().acquire();

  std::optional<entities::Record> stored;
  const entities::EntityType* type = nullptr;
  if (request.identifier.empty()) {
    type = catalog.find(request.kind, request.typeRef);
    if (type == nullptr) {
      return Error::notFound("form.unknown_type",
                             "There is no " + std::string(entities::kindName(request.kind)) +
                                 " type '" + request.typeRef + "'.");
    }
    if (!entities::accessFor(catalog, *type, session.username).canCreate) {
      return Error::forbidden("record.create_denied",
                              "You are not allowed to create " + withArticle(type->name) + ".");
    }
  } else {
    if (!request.rowVersion) {
      return Error::badRequest(
          "form.missing_version",
          "The save must carry rowVersion, the version the form was loaded at.");
    }
    stored = entities::findRecord(*db, request.kind, request.identifier);
    if (!stored) {
      return notFound(request.kind, request.identifier);
    }
    type = catalog.find(request.kind, stored->typeRef);
    const auto access = type != nullptr
                            ? entities::accessTo(catalog, *type, *stored, session.username)
                            : entities::EntityAccess{};
    // A record one may not see is answered as if it did not exist.
    if (!access.canView) {
      return notFound(request.kind, request.identifier);
    }
    if (!access.readOnlyReason.empty()) {
      return Error::conflict("record.obsolete", access.readOnlyReason)
          .withDetail("changedBy", stored->modifiedByName)
          .withDetail("changedAt", stored->modifiedAt)
          .withDetail("rowVersion", stored->rowVersion);
    }
    if (!access.canModify) {
      return Error::forbidden("record.modify_denied",
                              "You are not allowed to change this " + type->name + ".");
    }
  }

  json::object before = stored ? stored->values : defaultValues(*type);
  if (stored && stored->kind == EntityKind::Case) {
    before["status"] = stored->status;
  }
  auto submitted = request.values;
  keepUnavailableLinks(*type, before, submitted);
  auto checked = validateForm(*type, submitted, before);
  if (!checked) {
    return std::move(checked).error();
  }
  if (!checked->fieldErrors.empty()) {
    return invalid(*type, std::move(checked->fieldErrors));
  }
  SaveOutcome outcome;
  auto values = std::move(checked->values);
  outcome.warnings = checkLinks(*db, catalog, *type, session.username, before, values);
  const auto changes = entities::changesBetween(*type, stored ? before : json::object{}, values);

  if (stored && changes.empty()) {
    // Saving a clean form does nothing but finish (spec 1 §4); a stale one is still stale.
    if (*request.rowVersion != stored->rowVersion) {
      return changedMeanwhile(*type, *stored);
    }
    outcome.record = std::move(*stored);
    return outcome;
  }

  entities::Record record = stored ? std::move(*stored) : entities::Record{};
  record.kind = request.kind;
  record.typeRef = type->ref;
  splitStatus(record, values);
  record.values = std::move(values);

  db::Transaction transaction(*db);
  if (request.identifier.empty()) {
    entities::insertRecord(*db, record, type->numbering, actor, now);
  } else if (!entities::updateRecord(*db, record, *request.rowVersion, actor, now)) {
    const auto current = entities::findRecord(*db, record.kind, record.identifier());
    return changedMeanwhile(*type, current ? *current : record);
  }
  // The display name may use the case number, known only once inserted.
  auto display = record.values;
  const auto name = expandTemplate(*type, type->displayName, display, record.identifier());
  if (name != record.displayName) {
    record.displayName = name;
    db->execute(record.kind == EntityKind::Case
                    ? "UPDATE cases SET display_name = ?1 WHERE id = ?2"
                    : "UPDATE persons SET display_name = ?1 WHERE id = ?2",
                record.displayName, record.id);
  }
  entities::recordChange(*db, record, actor, request.identifier.empty() ? "created" : "updated",
                         changes, nullptr, now);
  transaction.commit();
  outcome.record = std::move(record);
  outcome.changed = true;
  return outcome;
}

Result<entities::Record> setPersonObsolete(environments::Environment& environment,
                                           const auth::Session& session, std::string_view personId,
                                           bool obsolete, TimePoint now) {
  const auto& catalog = entities::catalogOf(environment);
  auto db = environment.db().acquire();
  auto record = entities::findRecord(*db, EntityKind::Person, personId);
  if (!record) {
    return notFound(EntityKind::Person, personId);
  }
  const auto* type = catalog.find(EntityKind::Person, record->typeRef);
  const auto access = type != nullptr ? entities::accessFor(catalog, *type, session.username)
                                      : entities::EntityAccess{};
  if (!access.canView) {
    return notFound(EntityKind::Person, personId);
  }
  if (!access.canDelete) {
    return Error::forbidden("record.delete_denied", std::string("You are not allowed to ") +
                                                        (obsolete ? "make" : "reinstate") +
                                                        " this " + type->name +
                                                        (obsolete ? " obsolete." : "."));
  }
  if (record->obsolete == obsolete) {
    return Error::conflict(
        obsolete ? "person.already_obsolete" : "person.already_active",
        "This " + type->name + (obsolete ? " is already obsolete." : " is already active."));
  }
  db::Transaction transaction(*db);
  const auto version = record->rowVersion;
  record->obsolete = obsolete;
  if (!entities::updateRecord(*db, *record, version, entities::actorOf(session), now)) {
    return Error::conflict("record.changed",
                           "This " + type->name + " was changed meanwhile. Reload it.");
  }
  const json::object activity{{"formId", type->formId},
                              {"entityIdentifier", record->identifier()},
                              {"activeState", obsolete ? "deactivated" : "reactivated"}};
  entities::recordChange(*db, *record, entities::actorOf(session),
                         obsolete ? "obsolete" : "reinstate", {}, activity, now);
  transaction.commit();
  return std::move(*record);
}

}  // namespace dossier::forms
