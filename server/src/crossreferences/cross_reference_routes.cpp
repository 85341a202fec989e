#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "api/child_records.hpp"
#include "api/context.hpp"
#include "api/errors.hpp"
#include "api/json_response.hpp"
#include "api/route.hpp"
#include "core/json_body.hpp"
#include "crossreferences/cross_reference_service.hpp"
#include "crossreferences/routes.hpp"

namespace dossier::crossreferences {

namespace json = boost::json;

namespace {

// A cross reference as the person may see it from parent. To one who may not see the other case,
// it is "A case you cannot see" and nothing more: no number, comments, author, dates or key.
json::object present(const SeenCrossReference& seen, const records::RecordAccess& parent) {
  const auto& link = seen.link;
  if (!seen.visible()) {
    return json::object{{"Guid", ""},          {"ParentCaseNumber", parent.record.caseNumber},
                        {"CaseNumber", ""},    {"CaseDisplay", "A case you cannot see"},
                        {"Unavailable", true}, {"Comments", ""},
                        {"RowVersion", 0},     {"CreatedBy", ""},
                        {"CreatedAt", ""},     {"ModifiedBy", ""},
                        {"ModifiedAt", ""}};
  }
  const auto& other = *seen.other;
  const auto* status = other.type->status(other.record.status);
  return json::object{{"Guid", link.guid},
                      {"ParentCaseNumber", parent.record.caseNumber},
                      {"CaseNumber", other.record.caseNumber},
                      {"CaseDisplay", other.record.displayName},
                      {"CaseTypeName", other.type->name},
                      {"CaseStatusName", status != nullptr ? status->name : other.record.status},
                      {"Unavailable", false},
                      {"Comments", link.comments},
                      {"RowVersion", link.rowVersion},
                      {"CreatedBy", link.createdByName},
                      {"CreatedAt", link.createdAt},
                      {"ModifiedBy", link.modifiedByName},
                      {"ModifiedAt", link.modifiedAt}};
}

json::object presentNew(const records::RecordAccess& parent) {
  return json::object{{"Guid", ""},           {"ParentCaseNumber", parent.record.caseNumber},
                      {"CaseNumber", ""},     {"CaseDisplay", ""},
                      {"Unavailable", false}, {"Comments", ""},
                      {"RowVersion", 0},      {"CreatedBy", ""},
                      {"CreatedAt", ""},      {"ModifiedBy", ""},
                      {"ModifiedAt", ""}};
}

// Spec 2 §3 field bindings. The case number of a stored one changes through the card's Edit.
json::object fieldBindings(bool canModify) {
  return json::object{{"CaseNumber", json::object{{"Label", "Case number"},
                                                  {"Tooltip", "The case to cross-reference"},
                                                  {"IsReadOnly", !canModify},
                                                  {"IsVisible", true}}},
                      {"Comments", json::object{{"Label", "Comments"},
                                                {"Tooltip", "Why the cases are linked"},
                                                {"IsReadOnly", !canModify},
                                                {"IsVisible", true}}}};
}

Result<http::Response> open(api::Context& context) {
  auto caseNumber = context.requiredQuery("caseNumber");
  if (!caseNumber) {
    return std::move(caseNumber).error();
  }
  auto xref = context.requiredQuery("xrefCaseNumber");
  if (!xref) {
    return std::move(xref).error();
  }
  auto opened = openCrossReference(context.environment(), context.session(), *caseNumber, *xref);
  if (!opened) {
    return std::move(opened).error();
  }
  const bool canView = opened->isNew || opened->seen.visible();
  const bool canModify = canView && api::mayChange(opened->parent);
  return api::jsonResponse(
      json::object{{"CrossReference", opened->isNew ? presentNew(opened->parent)
                                                    : present(opened->seen, opened->parent)},
                   {"CanView", canView},
                   {"CanModify", canModify},
                   {"FieldBindings", fieldBindings(canModify)}});
}

Result<http::Response> list(api::Context& context) {
  auto found =
      crossReferencesOfCase(context.environment(), context.session(), context.param("caseNumber"));
  if (!found) {
    return std::move(found).error();
  }
  json::array items;
  for (const auto& seen : found->links) {
    items.push_back(present(seen, found->parent));
  }
  return api::jsonResponse(
      json::object{{"items", std::move(items)}, {"canModify", api::mayChange(found->parent)}});
}

Result<http::Response> save(api::Context& context) {
  auto body = context.jsonBody();
  if (!body) {
    return std::move(body).error();
  }
  auto details = api::detailsOf(*body, "crossReferenceDetails", "cross reference");
  if (!details) {
    return std::move(details).error();
  }
  CrossReferenceDraft draft;
  if (auto bad = api::readTexts(*details, {{"ParentCaseNumber", &draft.parentCaseNumber},
                                           {"CaseNumber", &draft.caseNumber},
                                           {"Comments", &draft.comments},
                                           {"Guid", &draft.guid}})) {
    return std::move(*bad);
  }
  draft.rowVersion = api::versionOf(*details, "RowVersion");
  auto saved = saveCrossReference(context.environment(), context.session(), draft, Clock::now());
  if (!saved) {
    return std::move(saved).error();
  }
  return api::childSaved(saved->child.other->record.caseNumber, saved->changed,
                         {{"CrossReference", present(saved->child, saved->parent)}});
}

Result<http::Response> remove(api::Context& context) {
  auto body = context.jsonBody();
  if (!body) {
    return std::move(body).error();
  }
  auto caseNumber = stringField(*body, "caseNumber");
  auto guid = stringField(*body, "guid");
  if (!caseNumber || !guid) {
    return Error::of(api::errors::kInvalidRequest, "The body must name caseNumber and guid.");
  }
  auto removed = removeCrossReference(context.environment(), context.session(), *caseNumber, *guid,
                                      Clock::now());
  if (!removed) {
    return std::move(removed).error();
  }
  return api::jsonResponse(json::object{{"success", true}});
}

}  // namespace

void registerCrossReferenceRoutes(api::RouteTable& routes) {
  routes.add({.method = "GET",
              .path = "/api/{env}/crossreference",
              .handler = open,
              .work = api::Work::Quick});
  routes.add({.method = "POST", .path = "/api/{env}/crossreference/save", .handler = save});
  routes.add({.method = "POST", .path = "/api/{env}/crossreference/delete", .handler = remove});
  routes.add({.method = "GET", .path = "/api/{env}/crossreferences/{caseNumber}", .handler = list});
}

}  // namespace dossier::crossreferences
