#include <charconv>

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "app/context.hpp"
#include "app/json_response.hpp"
#include "app/route.hpp"
#include "db/pool.hpp"
#include "entities/access.hpp"
#include "entities/audit.hpp"
#include "entities/context.hpp"
#include "entities/recent.hpp"
#include "entities/routes.hpp"
#include "forms/field_values.hpp"
#include "forms/linked_records.hpp"

namespace dossier::entities {

namespace json = boost::json;

namespace {

int queryNumber(app::Context& context, std::string_view name, int fallback, int minimum,
                int maximum) {
  const auto text = context.request().queryValue(name);
  if (!text) {
    return fallback;
  }
  int value = fallback;
  const auto [ptr, ec] = std::from_chars(text->data(), text->data() + text->size(), value);
  if (ec != std::errc{} || ptr != text->data() + text->size()) {
    return fallback;
  }
  return std::clamp(value, minimum, maximum);
}

// The case and person types this person may see (spec 1 §3), with whether they may create one.
Result<http::Response> searchEntityTypes(app::Context& context) {
  const auto& catalog = catalogOf(context.environment());
  json::object result{{"caseEntityTypes", json::array()}, {"personTypes", json::array()}};
  for (const auto& type : catalog.types) {
    const auto access = accessFor(catalog, *type, context.session().username);
    if (!access.canView) {
      continue;
    }
    result[type->kind == EntityKind::Case ? "caseEntityTypes" : "personTypes"].as_array().push_back(
        json::object{{"ref", type->ref},
                     {"name", type->name},
                     {"description", type->description},
                     {"canCreate", access.canCreate}});
  }
  return app::jsonResponse(result);
}

// A value of the audit trail as the form shows it: a link as the record's name, or "Not
// available" without its id when the person may not see it; a date stays ISO for the web app to
// format in the person's own way.
json::value shownValue(db::Connection& db, const Catalog& catalog, const FieldDef* field,
                       std::string_view username, const json::value& value, std::string& text) {
  if (field == nullptr) {
    text = value.is_string() ? std::string(value.get_string()) : "";
    return value;
  }
  if ((field->type == FieldType::PersonPicker || field->type == FieldType::CasePicker) &&
      value.is_object()) {
    EntityType single;
    single.fields.push_back(*field);
    json::object holder{{field->id, value}};
    forms::describeLinks(db, catalog, single, username, holder);
    text = forms::displayText(*field, holder.at(field->id));
    return holder.at(field->id);
  }
  if (field->type == FieldType::Date || field->type == FieldType::DateTime) {
    text = value.is_string() ? std::string(value.get_string()) : "";
    return value;
  }
  text = forms::displayText(*field, value);
  return value;
}

json::value presentChanges(db::Connection& db, const Catalog& catalog, const EntityType& type,
                           std::string_view username, const json::value& changes) {
  if (!changes.is_array()) {
    return json::array();
  }
  json::array out;
  for (const auto& item : changes.as_array()) {
    if (!item.is_object()) {
      continue;
    }
    auto change = item.as_object();
    const auto* id = change.if_contains("field");
    const auto name = id != nullptr && id->is_string() ? std::string(id->get_string()) : "";
    const auto* field = type.field(name);
    for (const auto& [valueKey, textKey] :
         {std::pair{"oldValue", "oldText"}, std::pair{"newValue", "newText"}}) {
      const auto* value = change.if_contains(valueKey);
      std::string text;
      auto shown = shownValue(db, catalog, field, username,
                              value != nullptr ? *value : json::value(nullptr), text);
      change[valueKey] = std::move(shown);
      change[textKey] = text;
    }
    out.push_back(std::move(change));
  }
  return out;
}

// The audit trail of a record, newest first, a page at a time.
Result<http::Response> history(app::Context& context) {
  const auto kind = kindFromRoute(context.param("kind"));
  if (!kind) {
    return Error::notFound("api.not_found", "History exists for case and person.");
  }
  const auto& catalog = catalogOf(context.environment());
  auto db = context.environment().db().acquire();
  const auto identifier = context.param("id");
  const auto record = findRecord(*db, *kind, identifier);
  const auto* type = record ? catalog.find(*kind, record->typeRef) : nullptr;
  if (!record || type == nullptr ||
      !accessFor(catalog, *type, context.session().username).canView) {
    return Error::notFound("record.not_found", "There is no " + std::string(kindName(*kind)) + " " +
                                                   std::string(identifier) + ".");
  }
  const int page = queryNumber(context, "page", 1, 1, 100000);
  const int pageSize = queryNumber(context, "pageSize", 20, 1, 100);
  const auto found = readHistory(*db, *kind, record->id, page, pageSize);
  json::array items;
  for (const auto& entry : found.entries) {
    json::object item{{"id", entry.id},
                      {"at", entry.at},
                      {"username", entry.username},
                      {"userDisplayName", entry.userDisplayName},
                      {"action", entry.action},
                      {"changes", presentChanges(*db, catalog, *type, context.session().username,
                                                 entry.changes)}};
    if (!entry.activity.is_null()) {
      item["activity"] = entry.activity;
    }
    items.push_back(std::move(item));
  }
  return app::jsonResponse(json::object{
      {"items", std::move(items)}, {"page", page}, {"pageSize", pageSize}, {"total", found.total}});
}

// The records this person opened last that they may still see, for the home page.
Result<http::Response> recent(app::Context& context) {
  const auto& catalog = catalogOf(context.environment());
  const auto& session = context.session();
  auto db = context.environment().db().acquire();
  json::array items;
  for (const auto& opened : recentlyOpened(*db, session.userId, 30)) {
    auto record = opened.kind == EntityKind::Case ? std::optional<Record>{}
                                                  : findPerson(*db, opened.entityId);
    if (opened.kind == EntityKind::Case) {
      auto row = db->query("SELECT case_number FROM cases WHERE id = ?1", opened.entityId);
      if (row.step()) {
        record = findCase(*db, row.text(0));
      }
    }
    if (!record) {
      continue;
    }
    const auto* type = catalog.find(opened.kind, record->typeRef);
    if (type == nullptr || !accessFor(catalog, *type, session.username).canView) {
      continue;
    }
    json::object item{{"entity", opened.kind == EntityKind::Case ? "Case" : "Person"},
                      {"entityIdentifier", record->identifier()},
                      {"displayName", record->displayName},
                      {"typeRef", type->ref},
                      {"typeName", type->name},
                      {"openedAt", opened.openedAt}};
    if (opened.kind == EntityKind::Case) {
      const auto* status = type->status(record->status);
      item["statusName"] = status != nullptr ? status->name : record->status;
    } else {
      item["obsolete"] = record->obsolete;
    }
    items.push_back(std::move(item));
    if (items.size() == 10) {
      break;
    }
  }
  return app::jsonResponse(items);
}

}  // namespace

void registerEntityRoutes(app::RouteTable& routes) {
  routes.add(
      {.method = "GET", .path = "/api/{env}/searchentitytypes", .handler = searchEntityTypes});
  routes.add({.method = "GET", .path = "/api/{env}/history/{kind}/{id}", .handler = history});
  routes.add({.method = "GET", .path = "/api/{env}/recent", .handler = recent});
}

}  // namespace dossier::entities
