#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>

#include "api/child_records.hpp"
#include "api/context.hpp"
#include "api/errors.hpp"
#include "api/json_response.hpp"
#include "api/route.hpp"
#include "caseactions/case_action_service.hpp"
#include "caseactions/routes.hpp"
#include "core/json_body.hpp"
#include "environments/environment.hpp"
#include "types/errors.hpp"

namespace dossier::caseactions {

namespace json = boost::json;
using records::CaseAction;

namespace {

json::array typesFor(const types::Catalog& catalog, const types::EntityType& caseType) {
  json::array list;
  for (const auto& type : catalog.actionTypes) {
    if (type->isOn(caseType)) {
      list.push_back(json::object{{"code", type->code}, {"name", type->name}});
    }
  }
  return list;
}

json::object present(const types::Catalog& catalog, const ActionRow& row) {
  const auto* type = actionType(catalog, row.action.typeCode);
  return json::object{{"guid", row.action.guid},
                      {"typeCode", row.action.typeCode},
                      {"typeName", type != nullptr ? type->name : row.action.typeCode},
                      {"subject", row.action.subject()},
                      {"actionAt", row.action.actionAt()},
                      {"done", row.action.done()},
                      {"createdBy", row.action.createdByName},
                      {"ownerCaseNumber", row.ownerCaseNumber},
                      {"concerning", row.concerning},
                      {"relatedCaseCount", row.relatedCaseCount},
                      {"documentCount", row.documentCount}};
}

Result<http::Response> list(api::Context& context) {
  const auto& catalog = context.environment().catalog();
  auto found = actionsOfCase(context.environment(), context.session(), context.param("caseNumber"));
  if (!found) {
    return std::move(found).error();
  }
  json::array items;
  for (const auto& row : found->items) {
    items.push_back(present(catalog, row));
  }
  json::array concerning;
  for (const auto& row : found->concerning) {
    concerning.push_back(present(catalog, row));
  }
  return api::jsonResponse(json::object{{"items", std::move(items)},
                                        {"concerning", std::move(concerning)},
                                        {"actionTypes", typesFor(catalog, *found->owner.type)},
                                        {"canModify", api::mayChange(found->owner)}});
}

json::object relatedCase(const std::optional<records::RecordAccess>& other) {
  if (!other || !other->visible()) {
    return json::object{
        {"kind", "case"}, {"display", "A case you cannot see"}, {"unavailable", true}};
  }
  const auto* status = other->type->status(other->record.status);
  return json::object{{"kind", "case"},
                      {"identifier", other->record.caseNumber},
                      {"display", other->record.displayName},
                      {"typeName", other->type->name},
                      {"statusName", status != nullptr ? status->name : other->record.status},
                      {"unavailable", false}};
}

// The action's form: its type's components, its values, and what it is about.
json::object formOf(const OpenedAction& opened) {
  const auto& [owner, action, type, isNew, relatedCases, documentCount] = opened;
  const bool canModify = api::mayChange(owner);
  boost::system::error_code ec;
  // An action's form is its fields alone: no value differs from action to action.
  auto components = json::parse(type->form->preparedComponents[canModify ? 0 : 1].fill({}), ec);
  json::array related;
  for (const auto& other : relatedCases) {
    related.push_back(relatedCase(other));
  }
  return json::object{
      {"formId", type->form->formId},
      {"entityDescription", type->name},
      {"headerText", isNew ? "New " + type->name : action.subject()},
      {"layout", json::object{{"components", ec ? json::array() : std::move(components)}}},
      {"data", action.values},
      {"canModify", canModify},
      {"action", json::object{{"guid", action.guid},
                              {"typeCode", type->code},
                              {"rowVersion", action.rowVersion},
                              {"ownerCaseNumber", owner.record.caseNumber},
                              {"ownerDisplay", owner.record.displayName},
                              {"createdBy", action.createdByName},
                              {"createdAt", action.createdAt},
                              {"modifiedBy", action.modifiedByName},
                              {"modifiedAt", action.modifiedAt},
                              {"documentCount", documentCount}}},
      {"relatedCases", std::move(related)}};
}

Result<http::Response> openExisting(api::Context& context) {
  auto caseNumber = context.requiredQuery("caseNumber");
  auto guid = context.requiredQuery("actionId");
  if (!caseNumber || !guid) {
    return Error::of(api::errors::kInvalidRequest,
                     "Name the case (caseNumber) and the action (actionId).");
  }
  auto opened = openAction(context.environment(), context.session(), *caseNumber, *guid);
  if (!opened) {
    return std::move(opened).error();
  }
  return api::jsonResponse(formOf(*opened));
}

Result<http::Response> openNew(api::Context& context) {
  auto caseNumber = context.requiredQuery("caseNumber");
  auto code = context.requiredQuery("actionType");
  if (!caseNumber || !code) {
    return Error::of(api::errors::kInvalidRequest,
                     "Name the case (caseNumber) and the type of action (actionType).");
  }
  auto opened =
      newAction(context.environment(), context.session(), *caseNumber, *code, Clock::now());
  if (!opened) {
    return std::move(opened).error();
  }
  return api::jsonResponse(formOf(*opened));
}

Result<http::Response> save(api::Context& context) {
  auto body = context.jsonBody();
  if (!body) {
    return std::move(body).error();
  }
  ActionDraft draft;
  auto caseNumber = stringField(*body, "caseNumber");
  if (!caseNumber) {
    return std::move(caseNumber).error();
  }
  draft.caseNumber = std::move(*caseNumber);
  if (api::readTexts(*body, {{"actionGuid", &draft.guid}, {"actionType", &draft.typeCode}})) {
    return Error::of(api::errors::kInvalidRequest, "actionGuid and actionType are text.");
  }
  const auto* values = body->if_contains("values");
  if (values == nullptr || !values->is_object()) {
    return Error::of(types::errors::kFormMissingValues,
                     "The body must hold the form's values as an object in 'values'.");
  }
  draft.values = values->as_object();
  draft.rowVersion = api::versionOf(*body, "rowVersion");
  auto saved = saveAction(context.environment(), context.session(), draft, Clock::now());
  if (!saved) {
    return std::move(saved).error();
  }
  return api::childSaved(saved->child.guid, saved->changed,
                         {{"rowVersion", saved->child.rowVersion}});
}

// The case and the action a change names.
struct Named {
  std::string caseNumber;
  std::string guid;
};

Result<Named> namedAction(const json::object& body) {
  auto caseNumber = stringField(body, "caseNumber");
  auto guid = stringField(body, "actionGuid");
  if (!caseNumber || !guid) {
    return Error::of(api::errors::kInvalidRequest, "The body must name caseNumber and actionGuid.");
  }
  return Named{std::move(*caseNumber), std::move(*guid)};
}

Result<http::Response> remove(api::Context& context) {
  auto body = context.jsonBody();
  if (!body) {
    return std::move(body).error();
  }
  auto named = namedAction(*body);
  if (!named) {
    return std::move(named).error();
  }
  auto removed = removeAction(context.environment(), context.session(), named->caseNumber,
                              named->guid, Clock::now());
  if (!removed) {
    return std::move(removed).error();
  }
  return api::jsonResponse(json::object{{"success", true}});
}

Result<http::Response> related(api::Context& context) {
  auto body = context.jsonBody();
  if (!body) {
    return std::move(body).error();
  }
  auto other = stringField(*body, "relatedCaseNumber");
  if (!other) {
    return std::move(other).error();
  }
  auto named = namedAction(*body);
  if (!named) {
    return std::move(named).error();
  }
  const bool removing =
      body->contains("remove") && body->at("remove").is_bool() && body->at("remove").get_bool();
  auto changed = relateCase(context.environment(), context.session(), named->caseNumber,
                            named->guid, *other, removing, Clock::now());
  if (!changed) {
    return std::move(changed).error();
  }
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
  routes.add({.method = "POST", .path = "/api/{env}/caseaction/relatedcase", .handler = related});
}

}  // namespace dossier::caseactions
