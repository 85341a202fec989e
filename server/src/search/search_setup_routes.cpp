#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "api/context.hpp"
#include "api/errors.hpp"
#include "api/json_response.hpp"
#include "api/route.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"
#include "records/access.hpp"
#include "search/errors.hpp"
#include "search/routes.hpp"

namespace dossier::search {

namespace json = boost::json;
using types::EntityKind;

namespace {

// The case or person types a person may see (or, with creatable, create), each with whether they
// may create one (spec 1 §3).
json::object typeOptions(const types::Catalog& catalog, const std::string& username,
                         bool creatable) {
  json::object out{{"caseEntityTypes", json::array()}, {"personTypes", json::array()}};
  for (const auto& type : catalog.types) {
    const auto access = records::accessFor(catalog, *type, username);
    if (creatable ? !access.canCreate : !access.canView) {
      continue;
    }
    out[type->kind == EntityKind::Case ? "caseEntityTypes" : "personTypes"].as_array().push_back(
        json::object{{"ref", type->ref},
                     {"name", type->name},
                     {"description", type->description},
                     {"canCreate", access.canCreate}});
  }
  return out;
}

// The search box's type list.
Result<http::Response> searchEntityTypes(api::Context& context) {
  return api::jsonResponse(
      typeOptions(context.environment().catalog(), context.session().username, false));
}

json::array statusOptions() {
  // In the spec's order (spec 1 §4); Registered/Active is the default.
  return json::array{json::object{{"key", "all"}, {"text", "All"}},
                     json::object{{"key", "active"}, {"text", "Registered/Active"}},
                     json::object{{"key", "inactive"}, {"text", "Deregistered/Obsolete"}}};
}

const types::EntityType* typeOfForm(const types::Catalog& catalog, std::string_view formId) {
  for (const auto& type : catalog.types) {
    if (type->formId == formId) {
      return type.get();
    }
  }
  return nullptr;
}

// The set-up of a search view: what can be searched, the status choices and the page size.
Result<http::Response> searchFormInitialise(api::Context& context) {
  const auto& catalog = context.environment().catalog();
  const auto formId = context.request().queryValue("formId").value_or("");
  if (!formId.empty() && typeOfForm(catalog, formId) == nullptr) {
    return Error::of(errors::kFormNotFound, "There is no form '" + std::string(formId) + "'.");
  }
  return api::jsonResponse(
      json::object{{"formId", formId},
                   {"entityTypes", typeOptions(catalog, context.session().username, false)},
                   {"statusOptions", statusOptions()},
                   {"defaultStatus", "active"},
                   {"pageSize", context.environment().config().searchPageSize}});
}

// The lookup search inside a form: the types its person and case pickers can choose from.
Result<http::Response> searchFormLookup(api::Context& context) {
  const auto& catalog = context.environment().catalog();
  const auto formId = context.request().queryValue("formId").value_or("");
  const auto* form = typeOfForm(catalog, formId);
  if (form == nullptr) {
    return Error::of(errors::kFormNotFound,
                     formId.empty() ? std::string("The query parameter 'formId' is required.")
                                    : "There is no form '" + std::string(formId) + "'.");
  }
  const auto& username = context.session().username;
  if (!records::accessFor(catalog, *form, username).canView) {
    return Error::of(errors::kFormNotFound, "There is no form '" + std::string(formId) + "'.");
  }
  bool persons = false;
  bool cases = false;
  for (const auto& field : form->fields) {
    persons = persons || field.type == types::FieldType::PersonPicker;
    cases = cases || field.type == types::FieldType::CasePicker;
  }
  auto options = typeOptions(catalog, username, false);
  if (!persons) {
    options["personTypes"] = json::array();
  }
  if (!cases) {
    options["caseEntityTypes"] = json::array();
  }
  return api::jsonResponse(
      json::object{{"formId", formId},
                   {"entityTypes", std::move(options)},
                   {"statusOptions", statusOptions()},
                   {"defaultStatus", "active"},
                   {"pageSize", context.environment().config().searchPageSize}});
}

// A new parent is always fine; an existing one must be there and visible to the person.
bool parentIsUsable(api::Context& context) {
  const auto isNew = context.request().queryValue("isParentEntityNew").value_or("false");
  if (isNew == "true" || isNew == "True" || isNew == "1") {
    return true;
  }
  const auto identifier = context.request().queryValue("parentIdentifier").value_or("");
  if (identifier.empty()) {
    return true;  // no parent: a record of its own
  }
  const auto kind = types::kindFromRoute(
      context.request().queryValue("parentEntityType").value_or("case") == "Person" ? "person"
                                                                                    : "case");
  auto db = context.environment().db().acquire();
  const auto parent =
      records::recordAccess(*db, context.environment().catalog(), kind.value_or(EntityKind::Case),
                            identifier, context.session().username);
  return parent && parent->visible();
}

Result<http::Response> canCreateChild(api::Context& context) {
  const auto child = context.request().queryValue("childEntityType").value_or("");
  if (child.empty()) {
    return Error::of(api::errors::kMissingParameter,
                     "The query parameter 'childEntityType' is required.");
  }
  const auto& catalog = context.environment().catalog();
  const auto* type = catalog.find(EntityKind::Case, child);
  if (type == nullptr) {
    type = catalog.find(EntityKind::Person, child);
  }
  const bool allowed = type != nullptr &&
                       records::accessFor(catalog, *type, context.session().username).canCreate &&
                       parentIsUsable(context);
  return api::jsonResponse(json::value(allowed));
}

Result<http::Response> canCreateLookupTypes(api::Context& context) {
  const auto& catalog = context.environment().catalog();
  json::array persons;
  json::array cases;
  if (parentIsUsable(context)) {
    for (const auto& type : catalog.types) {
      if (!records::accessFor(catalog, *type, context.session().username).canCreate) {
        continue;
      }
      (type->kind == EntityKind::Case ? cases : persons)
          .push_back(json::object{
              {"name", type->name}, {"valueField", type->ref}, {"textField", type->name}});
    }
  }
  return api::jsonResponse(json::object{{"canCreatePersonTypesList", std::move(persons)},
                                        {"canCreateCaseEntityTypesList", std::move(cases)}});
}

}  // namespace

void registerSearchSetupRoutes(api::RouteTable& routes) {
  routes.add({.method = "GET",
              .path = "/api/{env}/searchentitytypes",
              .handler = searchEntityTypes,
              .work = api::Work::Quick});
  routes.add({.method = "GET",
              .path = "/api/{env}/search/CanCreateChildEntityWithThisParent",
              .handler = canCreateChild});
  routes.add({.method = "GET",
              .path = "/api/{env}/search/CanCreateLookupEntityTypes",
              .handler = canCreateLookupTypes});
  routes.add({.method = "GET",
              .path = "/api/{env}/form/search/initialise",
              .handler = searchFormInitialise,
              .work = api::Work::Quick});
  routes.add({.method = "GET",
              .path = "/api/{env}/form/search",
              .handler = searchFormLookup,
              .work = api::Work::Quick});
}

}  // namespace dossier::search
