#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>

#include "api/changed_meanwhile.hpp"
#include "api/context.hpp"
#include "api/json_response.hpp"
#include "api/route.hpp"
#include "caseactions/routes.hpp"
#include "core/json_body.hpp"
#include "db/connection.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"
#include "records/access.hpp"
#include "records/case_actions.hpp"
#include "types/action_types.hpp"
#include "types/form_validation.hpp"

namespace dossier::caseactions {

namespace json = boost::json;
using records::CaseAction;
using types::EntityKind;

namespace {

const char* const kNotThere = "This action is not there any more.";

Result<records::RecordAccess> caseOf(db::Connection& db, api::Context& context,
                                     std::string_view caseNumber) {
  auto found = records::recordAccess(db, context.environment().catalog(), EntityKind::Case,
                                     caseNumber, context.session().username);
  if (!found || !found->visible()) {
    return records::recordNotFound(EntityKind::Case, caseNumber);
  }
  return std::move(*found);
}

bool mayChange(const records::RecordAccess& owner) {
  return owner.access.canModify && owner.access.readOnlyReason.empty();
}

const types::ActionType* actionType(const types::Catalog& catalog, std::string_view code) {
  for (const auto& type : catalog.actionTypes) {
    if (type->code.size() == code.size() &&
        std::equal(code.begin(), code.end(), type->code.begin(),
                   [](char a, char b) { return std::tolower(a) == std::tolower(b); })) {
      return type.get();
    }
  }
  return nullptr;
}

json::array typesFor(const types::Catalog& catalog, const types::EntityType& caseType) {
  json::array list;
  for (const auto& type : catalog.actionTypes) {
    if (type->isOn(caseType)) {
      list.push_back(json::object{{"code", type->code}, {"name", type->name}});
    }
  }
  return list;
}

json::object row(db::Connection& db, const types::Catalog& catalog, const CaseAction& action,
                 const std::string& ownerNumber, bool concerning) {
  const auto* type = actionType(catalog, action.typeCode);
  return json::object{
      {"guid", action.guid},
      {"typeCode", action.typeCode},
      {"typeName", type != nullptr ? type->name : action.typeCode},
      {"subject", action.subject()},
      {"actionAt", action.actionAt()},
      {"done", action.done()},
      {"createdBy", action.createdByName},
      {"ownerCaseNumber", ownerNumber},
      {"concerning", concerning},
      {"relatedCaseCount", static_cast<std::int64_t>(records::casesOfAction(db, action.id).size())},
      {"documentCount", records::documentCountOf(db, action.id)}};
}

Result<http::Response> list(api::Context& context) {
  const auto& catalog = context.environment().catalog();
  auto db = context.environment().db().acquire();
  auto owner = caseOf(*db, context, context.param("caseNumber"));
  if (!owner) {
    return std::move(owner).error();
  }
  json::array items;
  for (const auto& action : records::actionsOf(*db, owner->record.id)) {
    items.push_back(row(*db, catalog, action, owner->record.caseNumber, false));
  }
  // Actions of other cases that concern this one, when the person may see those cases.
  json::array concerning;
  for (const auto& action : records::actionsConcerning(*db, owner->record.id)) {
    const auto other = records::recordAccessById(*db, catalog, EntityKind::Case, action.caseId,
                                                 context.session().username);
    if (other && other->visible()) {
      concerning.push_back(row(*db, catalog, action, other->record.caseNumber, true));
    }
  }
  return api::jsonResponse(json::object{{"items", std::move(items)},
                                        {"concerning", std::move(concerning)},
                                        {"actionTypes", typesFor(catalog, *owner->type)},
                                        {"canModify", mayChange(*owner)}});
}

// The action's form: its type's components, its values, and what it is about.
json::object formOf(db::Connection& db, api::Context& context, const types::ActionType& type,
                    const records::RecordAccess& owner, const CaseAction& action, bool isNew) {
  const bool canModify = mayChange(owner);
  boost::system::error_code ec;
  // An action's form is its fields alone: no value differs from action to action.
  auto components = json::parse(type.form->preparedComponents[canModify ? 0 : 1].fill({}), ec);
  json::array related;
  if (!isNew) {
    for (const auto caseId : records::casesOfAction(db, action.id)) {
      const auto other =
          records::recordAccessById(db, context.environment().catalog(), EntityKind::Case, caseId,
                                    context.session().username);
      if (other && other->visible()) {
        const auto* status = other->type->status(other->record.status);
        related.push_back(
            json::object{{"kind", "case"},
                         {"identifier", other->record.caseNumber},
                         {"display", other->record.displayName},
                         {"typeName", other->type->name},
                         {"statusName", status != nullptr ? status->name : other->record.status},
                         {"unavailable", false}});
      } else {
        related.push_back(json::object{
            {"kind", "case"}, {"display", "A case you cannot see"}, {"unavailable", true}});
      }
    }
  }
  return json::object{
      {"formId", type.form->formId},
      {"entityDescription", type.name},
      {"headerText", isNew ? "New " + type.name : action.subject()},
      {"layout", json::object{{"components", ec ? json::array() : std::move(components)}}},
      {"data", action.values},
      {"canModify", canModify},
      {"action",
       json::object{{"guid", action.guid},
                    {"typeCode", type.code},
                    {"rowVersion", action.rowVersion},
                    {"ownerCaseNumber", owner.record.caseNumber},
                    {"ownerDisplay", owner.record.displayName},
                    {"createdBy", action.createdByName},
                    {"createdAt", action.createdAt},
                    {"modifiedBy", action.modifiedByName},
                    {"modifiedAt", action.modifiedAt},
                    {"documentCount", isNew ? 0 : records::documentCountOf(db, action.id)}}},
      {"relatedCases", std::move(related)}};
}

Result<http::Response> openExisting(api::Context& context) {
  auto caseNumber = context.requiredQuery("caseNumber");
  auto guid = context.requiredQuery("actionId");
  if (!caseNumber || !guid) {
    return Error::badRequest("request.invalid",
                             "Name the case (caseNumber) and the action (actionId).");
  }
  const auto& catalog = context.environment().catalog();
  auto db = context.environment().db().acquire();
  auto owner = caseOf(*db, context, *caseNumber);
  if (!owner) {
    return std::move(owner).error();
  }
  const auto action = records::findAction(*db, *guid);
  const auto* type = action ? actionType(catalog, action->typeCode) : nullptr;
  if (!action || action->caseId != owner->record.id || type == nullptr) {
    return Error::notFound("caseaction.not_found", kNotThere);
  }
  return api::jsonResponse(formOf(*db, context, *type, *owner, *action, false));
}

Result<http::Response> openNew(api::Context& context) {
  auto caseNumber = context.requiredQuery("caseNumber");
  auto code = context.requiredQuery("actionType");
  if (!caseNumber || !code) {
    return Error::badRequest("request.invalid",
                             "Name the case (caseNumber) and the type of action (actionType).");
  }
  const auto& catalog = context.environment().catalog();
  auto db = context.environment().db().acquire();
  auto owner = caseOf(*db, context, *caseNumber);
  if (!owner) {
    return std::move(owner).error();
  }
  const auto* type = actionType(catalog, *code);
  if (type == nullptr || !type->isOn(*owner->type)) {
    return Error::notFound("caseaction.unknown_type",
                           "A " + owner->type->name + " has no action '" + *code + "'.");
  }
  CaseAction action;
  action.values = types::defaultValues(*type->form);
  action.values[types::kActionAt] = formatIsoTime(Clock::now());
  return api::jsonResponse(formOf(*db, context, *type, *owner, action, true));
}

Result<http::Response> save(api::Context& context) {
  auto body = context.jsonBody();
  if (!body) {
    return std::move(body).error();
  }
  auto caseNumber = stringField(*body, "caseNumber");
  if (!caseNumber) {
    return std::move(caseNumber).error();
  }
  auto guid = optionalStringField(*body, "actionGuid");
  auto code = optionalStringField(*body, "actionType");
  if (!guid || !code) {
    return Error::badRequest("request.invalid", "actionGuid and actionType are text.");
  }
  const auto* values = body->if_contains("values");
  if (values == nullptr || !values->is_object()) {
    return Error::badRequest("form.missing_values",
                             "The body must hold the form's values as an object in 'values'.");
  }
  const auto& catalog = context.environment().catalog();
  auto db = context.environment().db().acquire();
  db::Transaction transaction(*db);
  auto owner = caseOf(*db, context, *caseNumber);
  if (!owner) {
    return std::move(owner).error();
  }
  if (!owner->access.readOnlyReason.empty()) {
    return Error::conflict("record.obsolete", owner->access.readOnlyReason);
  }
  if (!owner->access.canModify) {
    return Error::forbidden("caseaction.modify_denied",
                            "You are not allowed to change this " + owner->type->name + ".");
  }
  std::optional<CaseAction> stored;
  const types::ActionType* type = nullptr;
  if (guid->has_value() && !(*guid)->empty()) {
    stored = records::findAction(*db, **guid);
    type = stored ? actionType(catalog, stored->typeCode) : nullptr;
    if (!stored || stored->caseId != owner->record.id || type == nullptr) {
      return Error::notFound("caseaction.not_found", kNotThere);
    }
  } else {
    type = actionType(catalog, code->value_or(""));
    if (type == nullptr || !type->isOn(*owner->type)) {
      return Error::notFound(
          "caseaction.unknown_type",
          "A " + owner->type->name + " has no action '" + code->value_or("") + "'.");
    }
  }
  const auto before = stored ? stored->values : types::defaultValues(*type->form);
  auto checked = types::validateForm(*type->form, values->as_object(), before);
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
    auto error = Error::badRequest("form.invalid", "Some fields need attention: " + names + ".");
    error.fieldErrors = std::move(checked->fieldErrors);
    return error;
  }
  const auto actor = api::actorOf(context.session());
  const auto now = Clock::now();
  CaseAction action = stored ? *stored : CaseAction{};
  auto changes = records::changesBetween(*type->form, before, checked->values);
  bool changed = true;
  if (!stored) {
    action.caseId = owner->record.id;
    action.typeCode = type->code;
    action.values = std::move(checked->values);
    records::addAction(*db, action, type->name, actor, now);
  } else {
    const auto* version = body->if_contains("rowVersion");
    if (version == nullptr || !version->is_int64()) {
      return Error::badRequest(
          "form.missing_version",
          "The save must carry rowVersion, the version the form was loaded at.");
    }
    if (version->get_int64() != stored->rowVersion) {
      return std::move(api::changedMeanwhile("record.changed", "action", stored->modifiedByName,
                                             stored->modifiedAt))
          .withDetail("rowVersion", stored->rowVersion);
    }
    changed = !changes.empty();
    if (changed) {
      action.values = std::move(checked->values);
      records::updateAction(*db, action, stored->rowVersion, type->name, std::move(changes), actor,
                            now);
    }
  }
  transaction.commit();
  return api::jsonResponse(json::object{{"success", true},
                                        {"errorMessage", ""},
                                        {"primaryKey", action.guid},
                                        {"rowVersion", action.rowVersion},
                                        {"changed", changed}});
}

// The case an action is changed through, and the action: both as the person may change them.
struct Target {
  records::RecordAccess owner;
  CaseAction action;
  const types::ActionType* type = nullptr;
};

Result<Target> changeable(db::Connection& db, api::Context& context, const json::object& body) {
  auto caseNumber = stringField(body, "caseNumber");
  auto guid = stringField(body, "actionGuid");
  if (!caseNumber || !guid) {
    return Error::badRequest("request.invalid", "The body must name caseNumber and actionGuid.");
  }
  auto owner = caseOf(db, context, *caseNumber);
  if (!owner) {
    return std::move(owner).error();
  }
  auto action = records::findAction(db, *guid);
  const auto* type =
      action ? actionType(context.environment().catalog(), action->typeCode) : nullptr;
  if (!action || action->caseId != owner->record.id) {
    return Error::notFound("caseaction.not_found", kNotThere);
  }
  if (!mayChange(*owner)) {
    return Error::forbidden("caseaction.modify_denied",
                            "You are not allowed to change this " + owner->type->name + ".");
  }
  return Target{std::move(*owner), std::move(*action), type};
}

Result<http::Response> remove(api::Context& context) {
  auto body = context.jsonBody();
  if (!body) {
    return std::move(body).error();
  }
  auto db = context.environment().db().acquire();
  db::Transaction transaction(*db);
  auto target = changeable(*db, context, *body);
  if (!target) {
    return std::move(target).error();
  }
  records::removeAction(*db, target->action,
                        target->type != nullptr ? target->type->name : "Action",
                        api::actorOf(context.session()), Clock::now());
  transaction.commit();
  return api::jsonResponse(json::object{{"success", true}});
}

Result<http::Response> relatedCase(api::Context& context) {
  auto body = context.jsonBody();
  if (!body) {
    return std::move(body).error();
  }
  auto other = stringField(*body, "relatedCaseNumber");
  if (!other) {
    return std::move(other).error();
  }
  const bool removing =
      body->contains("remove") && body->at("remove").is_bool() && body->at("remove").get_bool();
  auto db = context.environment().db().acquire();
  db::Transaction transaction(*db);
  auto target = changeable(*db, context, *body);
  if (!target) {
    return std::move(target).error();
  }
  const auto related = records::recordAccess(*db, context.environment().catalog(), EntityKind::Case,
                                             *other, context.session().username);
  if (!related || !related->visible()) {
    return records::recordNotFound(EntityKind::Case, *other);
  }
  if (related->record.id == target->owner.record.id) {
    return Error::badRequest("caseaction.own_case",
                             "An action is on its own case already; choose another case.");
  }
  if (!records::relateCase(*db, target->action, related->record.id, !removing,
                           api::actorOf(context.session()), Clock::now())) {
    return Error::conflict(
        removing ? "caseaction.not_related" : "caseaction.already_related",
        removing ? "This action does not concern " + related->record.caseNumber + "."
                 : "This action concerns " + related->record.caseNumber + " already.");
  }
  transaction.commit();
  return api::jsonResponse(json::object{{"success", true}});
}

}  // namespace

void registerCaseActionRoutes(api::RouteTable& routes) {
  routes.add({.method = "GET", .path = "/api/{env}/caseactions/{caseNumber}", .handler = list});
  routes.add({.method = "GET",
              .path = "/api/{env}/form/caseaction",
              .handler = openExisting,
              .work = api::Work::Quick});
  routes.add({.method = "GET",
              .path = "/api/{env}/form/caseaction/new",
              .handler = openNew,
              .work = api::Work::Quick});
  routes.add({.method = "POST", .path = "/api/{env}/caseaction/save", .handler = save});
  routes.add({.method = "POST", .path = "/api/{env}/caseaction/delete", .handler = remove});
  routes.add(
      {.method = "POST", .path = "/api/{env}/caseaction/relatedcase", .handler = relatedCase});
}

}  // namespace dossier::caseactions
