#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "api/changed_meanwhile.hpp"
#include "api/context.hpp"
#include "api/json_response.hpp"
#include "api/route.hpp"
#include "core/json_body.hpp"
#include "crossreferences/cross_references.hpp"
#include "crossreferences/routes.hpp"
#include "db/connection.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"
#include "records/access.hpp"

namespace dossier::crossreferences {

namespace json = boost::json;
using types::EntityKind;

namespace {

const char* const kNotThere = "Could not retrieve the cross reference requested.";

// The case a cross reference is opened from, as the user may use it.
Result<records::RecordAccess> parentCase(db::Connection& db, api::Context& context,
                                         std::string_view caseNumber) {
  auto found = records::recordAccess(db, context.environment().catalog(), EntityKind::Case,
                                     caseNumber, context.session().username);
  if (!found || !found->visible()) {
    return records::recordNotFound(EntityKind::Case, caseNumber);
  }
  return std::move(*found);
}

bool mayChange(const records::RecordAccess& parent) {
  return parent.access.canModify && parent.access.readOnlyReason.empty();
}

// The other case as the user may see it: its number, name, type and status, or only that it is
// there.
json::object otherCase(const std::optional<records::RecordAccess>& other) {
  if (!other || !other->visible()) {
    return json::object{
        {"CaseNumber", ""}, {"CaseDisplay", "A case you cannot see"}, {"Unavailable", true}};
  }
  const auto* status = other->type->status(other->record.status);
  return json::object{{"CaseNumber", other->record.caseNumber},
                      {"CaseDisplay", other->record.displayName},
                      {"CaseTypeName", other->type->name},
                      {"CaseStatusName", status != nullptr ? status->name : other->record.status},
                      {"Unavailable", false}};
}

json::object present(const CrossReference& link, const records::RecordAccess& parent,
                     const std::optional<records::RecordAccess>& other) {
  auto out = otherCase(other);
  out["Guid"] = link.guid;
  out["ParentCaseNumber"] = parent.record.caseNumber;
  out["Comments"] = link.comments;
  out["RowVersion"] = link.rowVersion;
  out["CreatedBy"] = link.createdByName;
  out["CreatedAt"] = link.createdAt;
  out["ModifiedBy"] = link.modifiedByName;
  out["ModifiedAt"] = link.modifiedAt;
  return out;
}

// Spec 2 §3 field bindings: the case number is chosen once, when the cross reference is new.
json::object fieldBindings(bool isNew, bool canModify) {
  return json::object{{"CaseNumber", json::object{{"Label", "Case number"},
                                                  {"Tooltip", "The case to cross-reference"},
                                                  {"IsReadOnly", !isNew || !canModify},
                                                  {"IsVisible", true}}},
                      {"Comments", json::object{{"Label", "Comments"},
                                                {"Tooltip", "Why the cases are linked"},
                                                {"IsReadOnly", !canModify},
                                                {"IsVisible", true}}}};
}

std::optional<records::RecordAccess> caseById(db::Connection& db, api::Context& context,
                                              std::int64_t id) {
  return records::recordAccessById(db, context.environment().catalog(), EntityKind::Case, id,
                                   context.session().username);
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
  auto db = context.environment().db().acquire();
  auto parent = parentCase(*db, context, *caseNumber);
  if (!parent) {
    return std::move(parent).error();
  }
  const bool canModify = mayChange(*parent);
  if (*xref == "new") {
    CrossReference empty;
    auto answer = present(empty, *parent, std::nullopt);
    answer["CaseNumber"] = "";
    answer["CaseDisplay"] = "";
    answer["Unavailable"] = false;
    return api::jsonResponse(json::object{{"CrossReference", std::move(answer)},
                                          {"CanView", true},
                                          {"CanModify", canModify},
                                          {"FieldBindings", fieldBindings(true, canModify)}});
  }
  const auto otherId = records::recordId(*db, EntityKind::Case, *xref);
  const auto link = otherId ? findBetween(*db, parent->record.id, *otherId) : std::nullopt;
  if (!link) {
    return Error::notFound("crossreference.not_found", kNotThere);
  }
  const auto other = caseById(*db, context, link->otherThan(parent->record.id));
  const bool canView = other && other->visible();
  return api::jsonResponse(json::object{{"CrossReference", present(*link, *parent, other)},
                                        {"CanView", canView},
                                        {"CanModify", canView && canModify},
                                        {"FieldBindings", fieldBindings(false, canModify)}});
}

Result<http::Response> list(api::Context& context) {
  auto db = context.environment().db().acquire();
  auto parent = parentCase(*db, context, context.param("caseNumber"));
  if (!parent) {
    return std::move(parent).error();
  }
  json::array items;
  for (const auto& link : crossReferencesOf(*db, parent->record.id)) {
    items.push_back(
        present(link, *parent, caseById(*db, context, link.otherThan(parent->record.id))));
  }
  return api::jsonResponse(
      json::object{{"items", std::move(items)}, {"canModify", mayChange(*parent)}});
}

Error invalid(std::string field, std::string message) {
  auto error = Error::badRequest("crossreference.invalid", message);
  error.fieldErrors[std::move(field)] = message;
  return error;
}

Result<http::Response> save(api::Context& context) {
  auto body = context.jsonBody();
  if (!body) {
    return std::move(body).error();
  }
  const auto* detailsValue = body->if_contains("crossReferenceDetails");
  if (detailsValue == nullptr || !detailsValue->is_object()) {
    return Error::badRequest("request.invalid",
                             "The body must hold the cross reference in 'crossReferenceDetails'.");
  }
  const auto& details = detailsValue->as_object();
  std::string parentNumber;
  std::string caseNumber;
  std::string comments;
  std::string guid;
  for (auto [key, target] :
       {std::pair{"ParentCaseNumber", &parentNumber}, std::pair{"CaseNumber", &caseNumber},
        std::pair{"Comments", &comments}, std::pair{"Guid", &guid}}) {
    auto text = optionalStringField(details, key);
    if (!text) {
      return std::move(text).error();
    }
    *target = text->value_or("");
  }
  std::size_t characters = 0;
  for (const unsigned char c : comments) {
    characters += (c & 0xC0) != 0x80 ? 1 : 0;
  }
  if (characters > kCommentsLimit) {
    return invalid("Comments", "At most " + std::to_string(kCommentsLimit) + " characters");
  }
  auto db = context.environment().db().acquire();
  db::Transaction transaction(*db);
  auto parent = parentCase(*db, context, parentNumber);
  if (!parent) {
    return std::move(parent).error();
  }
  if (!parent->access.readOnlyReason.empty()) {
    return Error::conflict("record.obsolete", parent->access.readOnlyReason);
  }
  if (!parent->access.canModify) {
    return Error::forbidden("crossreference.modify_denied",
                            "You are not allowed to change this " + parent->type->name + ".");
  }
  const auto actor = api::actorOf(context.session());
  const auto now = Clock::now();
  if (!guid.empty()) {
    const auto otherId = records::recordId(*db, EntityKind::Case, caseNumber);
    auto link = otherId ? findBetween(*db, parent->record.id, *otherId) : std::nullopt;
    if (!link || link->guid != guid) {
      return Error::notFound("crossreference.not_found", kNotThere);
    }
    const auto other = caseById(*db, context, *otherId);
    if (!other || !other->visible()) {
      return Error::notFound("crossreference.not_found", kNotThere);
    }
    const auto* version = details.if_contains("RowVersion");
    if (version == nullptr || !version->is_int64()) {
      return Error::badRequest("request.invalid",
                               "Saving a cross reference needs the RowVersion it was opened at.");
    }
    if (version->get_int64() != link->rowVersion) {
      return api::changedMeanwhile("crossreference.changed", "cross reference",
                                   link->modifiedByName, link->modifiedAt);
    }
    const bool changed = link->comments != comments;
    if (changed) {
      link->comments = comments;
      updateCrossReference(*db, *link, link->rowVersion, actor, now);
    }
    transaction.commit();
    return api::jsonResponse(json::object{{"success", true},
                                          {"errorMessage", ""},
                                          {"primaryKey", other->record.caseNumber},
                                          {"changed", changed}});
  }
  if (caseNumber.empty()) {
    return invalid("CaseNumber", "Required");
  }
  const auto other = records::recordAccess(*db, context.environment().catalog(), EntityKind::Case,
                                           caseNumber, context.session().username);
  if (!other || !other->visible()) {
    return invalid("CaseNumber", "There is no case " + caseNumber + ".");
  }
  if (other->record.id == parent->record.id) {
    return invalid("CaseNumber", "A case cannot cross-reference itself.");
  }
  if (findBetween(*db, parent->record.id, other->record.id)) {
    return Error::conflict("crossreference.exists", parent->record.caseNumber +
                                                        " is already cross-referenced with " +
                                                        other->record.caseNumber + ".");
  }
  CrossReference link;
  link.fromCaseId = parent->record.id;
  link.toCaseId = other->record.id;
  link.comments = comments;
  addCrossReference(*db, link, actor, now);
  transaction.commit();
  return api::jsonResponse(json::object{{"success", true},
                                        {"errorMessage", ""},
                                        {"primaryKey", other->record.caseNumber},
                                        {"changed", true}});
}

Result<http::Response> remove(api::Context& context) {
  auto body = context.jsonBody();
  if (!body) {
    return std::move(body).error();
  }
  auto caseNumber = stringField(*body, "caseNumber");
  auto guid = stringField(*body, "guid");
  if (!caseNumber || !guid) {
    return Error::badRequest("request.invalid", "The body must name caseNumber and guid.");
  }
  auto db = context.environment().db().acquire();
  db::Transaction transaction(*db);
  auto parent = parentCase(*db, context, *caseNumber);
  if (!parent) {
    return std::move(parent).error();
  }
  std::optional<CrossReference> found;
  for (auto& link : crossReferencesOf(*db, parent->record.id)) {
    if (link.guid == *guid) {
      found = std::move(link);
    }
  }
  if (!found) {
    return Error::notFound("crossreference.not_found", kNotThere);
  }
  if (!mayChange(*parent)) {
    return Error::forbidden("crossreference.modify_denied",
                            "You are not allowed to change this " + parent->type->name + ".");
  }
  removeCrossReference(*db, *found, api::actorOf(context.session()), Clock::now());
  transaction.commit();
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
