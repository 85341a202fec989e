#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "api/context.hpp"
#include "api/json_response.hpp"
#include "api/route.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"
#include "history/history_text.hpp"
#include "history/routes.hpp"
#include "records/access.hpp"
#include "records/audit.hpp"
#include "types/action_types.hpp"
#include "types/document_definition.hpp"
#include "types/role_definition.hpp"

namespace dossier::history {

namespace json = boost::json;

namespace {

// What a case's entry about one of its documents may tell: the document's name and changes only to
// those who may see documents of its security group; to others, that something happened.
json::value documentActivity(const types::Catalog& catalog, std::string_view username,
                             std::string_view action, const json::value& activity,
                             json::object& item) {
  if (!action.starts_with("document.") || !activity.is_object()) {
    return activity;
  }
  const auto& about = activity.as_object();
  const auto* security = about.if_contains("security");
  const std::string_view group =
      security != nullptr && security->is_string() ? std::string_view(security->get_string()) : "";
  if (!types::maySeeDocumentsOf(catalog, group, username)) {
    item["changes"] = json::array();
    return json::object{{"hidden", true}};
  }
  json::object shown;
  for (const auto* key : {"document", "title", "version"}) {
    if (const auto* value = about.if_contains(key)) {
      shown[key] = *value;
    }
  }
  return shown;
}

// The other record an entry names ({"other": {kind, id}}), by name only to those who may see it
// now.
json::object otherRecord(db::Connection& db, const types::Catalog& catalog,
                         std::string_view username, const json::object& about) {
  json::object record;
  const auto* other = about.if_contains("other");
  if (other == nullptr || !other->is_object()) {
    return record;
  }
  const auto* kindText = other->as_object().if_contains("kind");
  const auto kind = types::kindFromRoute(
      kindText != nullptr && kindText->is_string() ? std::string_view(kindText->get_string()) : "");
  const auto* id = other->as_object().if_contains("id");
  if (!kind || id == nullptr || !id->is_int64()) {
    return record;
  }
  record["kind"] = types::kindName(*kind);
  const auto found = records::recordAccessById(db, catalog, *kind, id->get_int64(), username);
  if (found && found->visible()) {
    record["identifier"] = found->record.identifier();
    record["display"] = found->record.displayName;
    record["unavailable"] = false;
  } else {
    record["display"] =
        *kind == types::EntityKind::Person ? "a person you cannot see" : "a case you cannot see";
    record["unavailable"] = true;
  }
  return record;
}

std::string textOf(const json::object& about, const char* key) {
  const auto* value = about.if_contains(key);
  return value != nullptr && value->is_string() ? std::string(value->get_string()) : "";
}

// What an entry about a link tells: for a role, its name as this side reads it and the other
// record; for a cross reference, the other case and why they are linked (the comments only to those
// who may see the other case), and the case before when it was moved.
json::value linkActivity(db::Connection& db, const types::Catalog& catalog,
                         std::string_view username, std::string_view action,
                         const json::value& activity) {
  if (!activity.is_object()) {
    return activity;
  }
  const auto& about = activity.as_object();
  auto record = otherRecord(db, catalog, username, about);
  if (action.starts_with("caseaction.")) {
    json::object shown;
    for (const auto* key : {"action", "subject", "type"}) {
      shown[key] = textOf(about, key);
    }
    if (!record.empty()) {
      shown["record"] = std::move(record);
    }
    return shown;
  }
  if (action.starts_with("crossreference.")) {
    json::object shown{{"crossReference", textOf(about, "crossReference")}};
    const bool visible = record.contains("unavailable") && !record.at("unavailable").as_bool();
    if (visible) {
      shown["comments"] = textOf(about, "comments");
    }
    shown["record"] = std::move(record);
    // Moved to another case (the cross reference's Edit): the case it pointed at before.
    if (const auto* previous = about.if_contains("previous")) {
      shown["previousRecord"] =
          otherRecord(db, catalog, username, json::object{{"other", *previous}});
    }
    return shown;
  }
  const auto code = textOf(about, "role");
  const bool parentSide = textOf(about, "side") == "parent";
  const auto* role = catalog.role(code);
  return json::object{
      {"role", code},
      {"roleName", role == nullptr ? code : (parentSide ? role->name : role->heldIn)},
      {"side", parentSide ? "parent" : "holder"},
      {"record", std::move(record)}};
}

// The audit trail of a record, newest first, a page at a time.
Result<http::Response> history(api::Context& context) {
  const auto kind = types::kindFromRoute(context.param("kind"));
  if (!kind) {
    return Error::notFound("api.not_found", "History exists for case and person.");
  }
  const auto& catalog = context.environment().catalog();
  const auto& username = context.session().username;
  auto db = context.environment().db().acquire();
  const auto identifier = context.param("id");
  const auto found = records::recordAccess(*db, catalog, *kind, identifier, username);
  if (!found || !found->visible()) {
    return records::recordNotFound(*kind, identifier);
  }
  const int page = context.queryNumber("page", 1, 1, 100000);
  const int pageSize = context.queryNumber("pageSize", 20, 1, 100);
  const auto trail = records::readHistory(*db, *kind, found->record.id, page, pageSize);
  json::array items;
  for (const auto& entry : trail.entries) {
    // An action's changes are told in its own fields' terms.
    const auto* fieldsOf = found->type;
    if (entry.action.starts_with("caseaction.") && entry.activity.is_object()) {
      const auto* code = entry.activity.as_object().if_contains("typeCode");
      for (const auto& type : catalog.actionTypes) {
        if (code != nullptr && code->is_string() && type->code == code->get_string()) {
          fieldsOf = type->form.get();
        }
      }
    }
    json::object item{
        {"id", entry.id},
        {"at", entry.at},
        {"username", entry.username},
        {"userDisplayName", entry.userDisplayName},
        {"action", entry.action},
        {"changes", presentChanges(*db, catalog, *fieldsOf, username, entry.changes)}};
    if (!entry.activity.is_null()) {
      item["activity"] =
          entry.action.starts_with("role.") || entry.action.starts_with("crossreference.") ||
                  entry.action.starts_with("caseaction.")
              ? linkActivity(*db, catalog, username, entry.action, entry.activity)
              : documentActivity(catalog, username, entry.action, entry.activity, item);
    }
    items.push_back(std::move(item));
  }
  return api::jsonResponse(json::object{
      {"items", std::move(items)}, {"page", page}, {"pageSize", pageSize}, {"total", trail.total}});
}

}  // namespace

void registerHistoryRoutes(api::RouteTable& routes) {
  routes.add({.method = "GET", .path = "/api/{env}/history/{kind}/{id}", .handler = history});
}

}  // namespace dossier::history
