#include <cmath>

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "app/context.hpp"
#include "app/json_response.hpp"
#include "app/route.hpp"
#include "db/pool.hpp"
#include "entities/context.hpp"
#include "search/routes.hpp"
#include "search/search_index.hpp"
#include "search/search_request.hpp"

namespace dossier::search {

namespace json = boost::json;
using entities::EntityKind;

namespace {

// Suggestions offered under the search box.
constexpr std::size_t kSuggestions = 8;

Error unavailable() {
  return {ErrorKind::Unavailable,
          "search.unavailable",
          "Search is not available in this environment yet. Please try again in a moment.",
          {},
          {}};
}

json::object resultItem(const SearchHit& hit, const entities::Catalog& catalog) {
  const auto kind = hit.kind == "case" ? EntityKind::Case : EntityKind::Person;
  const auto* type = catalog.find(kind, hit.typeRef);
  json::array extracts;
  for (const auto& extract : hit.extracts) {
    extracts.push_back(json::value(extract));
  }
  return json::object{{"entity", kind == EntityKind::Case ? "Case" : "Person"},
                      {"entityIdentifier", hit.identifier},
                      {"entityType", hit.typeRef},
                      {"entityTypeName", type != nullptr ? type->name : hit.typeRef},
                      {"searchFields", hit.searchFields},
                      {"extracts", std::move(extracts)},
                      {"relevance", std::round(hit.relevance * 10000) / 10000},
                      {"actionGuid", hit.guid}};
}

app::Handler runSearch(bool macro) {
  return [macro](app::Context& context) -> Result<http::Response> {
    auto body = context.jsonBody();
    if (!body) {
      return std::move(body).error();
    }
    auto request = readSearchBody(*body);
    if (!request) {
      return std::move(request).error();
    }
    auto text = parseSearchText(request->searchString);
    if (!text) {
      return std::move(text).error();
    }
    const bool anyType =
        request->entities.empty() ||
        std::all_of(request->entities.begin(), request->entities.end(), [](const auto& choice) {
          return choice.entity == "All" || choice.entity.empty();
        });
    if (text->empty() && anyType) {
      return Error::badRequest(
          "search.empty",
          "Type something to search for, or choose a type of record to list all of them.");
    }
    auto* index = context.environment().search();
    if (index == nullptr) {
      return unavailable();
    }
    const auto& catalog = entities::catalogOf(context.environment());
    const auto& username = context.session().username;
    auto types = searchableTypes(catalog, username, request->entities);
    if (!types) {
      return std::move(types).error();
    }
    const int pageSize =
        request->pageSize > 0 ? request->pageSize : context.environment().config().searchPageSize;
    SearchPage page;
    if (!types->empty()) {
      SearchQuery query{*text,           std::move(types).value(),       catalog.groupsOf(username),
                        request->status, (request->page - 1) * pageSize, pageSize};
      auto found = index->search(query);
      if (!found) {
        return std::move(found).error();
      }
      page = std::move(found).value();
    }
    json::array results;
    for (const auto& hit : page.hits) {
      results.push_back(resultItem(hit, catalog));
    }
    json::array terms;
    for (const auto& term : text->highlightTerms()) {
      terms.push_back(json::value(term));
    }
    json::object response{{"searchResult", std::move(results)},
                          {"searchTerms", std::move(terms)},
                          {"pageSize", pageSize},
                          {"page", request->page},
                          {"totalCount", page.total},
                          {"totalIsExact", page.totalIsExact},
                          {"otherStatusCount", page.otherStatusCount}};
    if (macro) {
      response["macroExecutionCorrelationId"] = request->macroExecutionCorrelationId;
    }
    return app::jsonResponse(response);
  };
}

Result<http::Response> suggest(app::Context& context) {
  const auto typed = context.request().queryValue("searchString").value_or("");
  auto text = parseSearchText(typed);
  if (!text) {
    return std::move(text).error();
  }
  auto* index = context.environment().search();
  if (index == nullptr) {
    return unavailable();
  }
  const auto& catalog = entities::catalogOf(context.environment());
  auto types =
      searchableTypes(catalog, context.session().username,
                      choicesFromText(context.request().queryValue("searchEntity").value_or("")));
  if (!types) {
    return std::move(types).error();
  }
  const auto [before, word] = lastTypedWord(typed);
  json::array items;
  if (!word.empty() && word.front() != '-') {
    auto words = index->suggest(word, *types, kSuggestions);
    if (!words) {
      return std::move(words).error();
    }
    for (const auto& completion : *words) {
      items.push_back(json::object{{"text", before + completion}});
    }
  }
  return app::jsonResponse(json::object{{"suggestItems", std::move(items)}});
}

json::object typeOptions(const entities::Catalog& catalog, const std::string& username,
                         bool creatable) {
  json::object out{{"caseEntityTypes", json::array()}, {"personTypes", json::array()}};
  for (const auto& type : catalog.types) {
    const auto access = entities::accessFor(catalog, *type, username);
    if (creatable ? !access.canCreate : !access.canView) {
      continue;
    }
    out[type->kind == EntityKind::Case ? "caseEntityTypes" : "personTypes"].as_array().push_back(
        json::object{{"ref", type->ref}, {"name", type->name}, {"canCreate", access.canCreate}});
  }
  return out;
}

json::array statusOptions() {
  // In the spec's order (spec 1 §4); Registered/Active is the default.
  return json::array{json::object{{"key", "all"}, {"text", "All"}},
                     json::object{{"key", "active"}, {"text", "Registered/Active"}},
                     json::object{{"key", "inactive"}, {"text", "Deregistered/Obsolete"}}};
}

const entities::EntityType* typeOfForm(const entities::Catalog& catalog, std::string_view formId) {
  for (const auto& type : catalog.types) {
    if (type->formId == formId) {
      return type.get();
    }
  }
  return nullptr;
}

// The set-up of a search view: what can be searched, the status choices and the page size.
Result<http::Response> searchFormInitialise(app::Context& context) {
  const auto& catalog = entities::catalogOf(context.environment());
  const auto formId = context.request().queryValue("formId").value_or("");
  if (!formId.empty() && typeOfForm(catalog, formId) == nullptr) {
    return Error::notFound("form.not_found", "There is no form '" + std::string(formId) + "'.");
  }
  return app::jsonResponse(
      json::object{{"formId", formId},
                   {"entityTypes", typeOptions(catalog, context.session().username, false)},
                   {"statusOptions", statusOptions()},
                   {"defaultStatus", "active"},
                   {"pageSize", context.environment().config().searchPageSize}});
}

// The lookup search inside a form: the types its person and case pickers can choose from.
Result<http::Response> searchFormLookup(app::Context& context) {
  const auto& catalog = entities::catalogOf(context.environment());
  const auto formId = context.request().queryValue("formId").value_or("");
  const auto* form = typeOfForm(catalog, formId);
  if (form == nullptr) {
    return Error::notFound("form.not_found",
                           formId.empty() ? std::string("The query parameter 'formId' is required.")
                                          : "There is no form '" + std::string(formId) + "'.");
  }
  const auto& username = context.session().username;
  if (!entities::accessFor(catalog, *form, username).canView) {
    return Error::notFound("form.not_found", "There is no form '" + std::string(formId) + "'.");
  }
  bool persons = false;
  bool cases = false;
  for (const auto& field : form->fields) {
    persons = persons || field.type == entities::FieldType::PersonPicker;
    cases = cases || field.type == entities::FieldType::CasePicker;
  }
  auto options = typeOptions(catalog, username, false);
  if (!persons) {
    options["personTypes"] = json::array();
  }
  if (!cases) {
    options["caseEntityTypes"] = json::array();
  }
  return app::jsonResponse(
      json::object{{"formId", formId},
                   {"entityTypes", std::move(options)},
                   {"statusOptions", statusOptions()},
                   {"defaultStatus", "active"},
                   {"pageSize", context.environment().config().searchPageSize}});
}

// A new parent is always fine; an existing one must be there and visible to the person.
bool parentIsUsable(app::Context& context) {
  const auto isNew = context.request().queryValue("isParentEntityNew").value_or("false");
  if (isNew == "true" || isNew == "True" || isNew == "1") {
    return true;
  }
  const auto identifier = context.request().queryValue("parentIdentifier").value_or("");
  if (identifier.empty()) {
    return true;  // no parent: a record of its own
  }
  const auto kind = entities::kindFromRoute(
      context.request().queryValue("parentEntityType").value_or("case") == "Person" ? "person"
                                                                                    : "case");
  auto db = context.environment().db().acquire();
  const auto record = entities::findRecord(*db, kind.value_or(EntityKind::Case), identifier);
  if (!record) {
    return false;
  }
  const auto& catalog = entities::catalogOf(context.environment());
  const auto* type = catalog.find(record->kind, record->typeRef);
  return type != nullptr && entities::accessFor(catalog, *type, context.session().username).canView;
}

Result<http::Response> canCreateChild(app::Context& context) {
  const auto child = context.request().queryValue("childEntityType").value_or("");
  if (child.empty()) {
    return Error::badRequest("request.missing_parameter",
                             "The query parameter 'childEntityType' is required.");
  }
  const auto& catalog = entities::catalogOf(context.environment());
  const auto* type = catalog.find(EntityKind::Case, child);
  if (type == nullptr) {
    type = catalog.find(EntityKind::Person, child);
  }
  const bool allowed = type != nullptr &&
                       entities::accessFor(catalog, *type, context.session().username).canCreate &&
                       parentIsUsable(context);
  return app::jsonResponse(json::value(allowed));
}

Result<http::Response> canCreateLookupTypes(app::Context& context) {
  const auto& catalog = entities::catalogOf(context.environment());
  json::array persons;
  json::array cases;
  if (parentIsUsable(context)) {
    for (const auto& type : catalog.types) {
      if (!entities::accessFor(catalog, *type, context.session().username).canCreate) {
        continue;
      }
      (type->kind == EntityKind::Case ? cases : persons)
          .push_back(json::object{
              {"name", type->name}, {"valueField", type->ref}, {"textField", type->name}});
    }
  }
  return app::jsonResponse(json::object{{"canCreatePersonTypesList", std::move(persons)},
                                        {"canCreateCaseEntityTypesList", std::move(cases)}});
}

}  // namespace

void registerSearchRoutes(app::RouteTable& routes) {
  routes.add({.method = "POST",
              .path = "/api/{env}/search",
              .handler = runSearch(false),
              .bodyLimit = 64 * 1024});
  routes.add({.method = "POST",
              .path = "/api/{env}/macroSearch",
              .handler = runSearch(true),
              .bodyLimit = 64 * 1024});
  routes.add({.method = "GET", .path = "/api/{env}/search/SearchSuggest", .handler = suggest});
  routes.add({.method = "GET",
              .path = "/api/{env}/search/CanCreateChildEntityWithThisParent",
              .handler = canCreateChild});
  routes.add({.method = "GET",
              .path = "/api/{env}/search/CanCreateLookupEntityTypes",
              .handler = canCreateLookupTypes});
  routes.add({.method = "GET",
              .path = "/api/{env}/form/search/initialise",
              .handler = searchFormInitialise});
  routes.add({.method = "GET", .path = "/api/{env}/form/search", .handler = searchFormLookup});
}

}  // namespace dossier::search
