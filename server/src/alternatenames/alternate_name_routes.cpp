#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "alternatenames/alternate_name_service.hpp"
#include "alternatenames/routes.hpp"
#include "api/child_records.hpp"
#include "api/context.hpp"
#include "api/json_response.hpp"
#include "api/route.hpp"
#include "core/json_body.hpp"

namespace dossier::alternatenames {

namespace json = boost::json;

namespace {

json::object present(const AlternateName& name, const records::Record& person) {
  return json::object{{"AlternateNameId", name.id},        {"AlternateNameGuid", name.guid},
                      {"PersonGuid", person.guid},         {"PersonId", person.identifier()},
                      {"Surname", name.surname},           {"FirstName", name.firstName},
                      {"MiddleNames", name.middleNames},   {"DisplayName", name.displayName},
                      {"Explanation", name.explanation},   {"RowVersion", name.rowVersion},
                      {"CreatedBy", name.createdByName},   {"CreatedAt", name.createdAt},
                      {"ModifiedBy", name.modifiedByName}, {"ModifiedAt", name.modifiedAt}};
}

// Spec 2 §3 "Field bindings": the form's labels, and read-only everywhere for one who may only
// look.
json::object fieldBindings(bool readOnly) {
  json::object bindings;
  for (const auto& [field, label] :
       {std::pair{"Surname", "Surname"}, std::pair{"Firstname", "First name"},
        std::pair{"MiddleNames", "Middle names"}, std::pair{"DisplayName", "Display name"},
        std::pair{"Explanation", "Explanation"}}) {
    bindings[field] = json::object{
        {"Label", label},
        {"Tooltip",
         std::string_view(field) == "DisplayName" ? "Made from the names unless you write it" : ""},
        {"IsReadOnly", readOnly},
        {"IsVisible", true}};
  }
  return bindings;
}

Result<http::Response> open(api::Context& context) {
  auto opened =
      openAlternateName(context.environment(), context.session(), context.param("personGuid"),
                        context.request().pathParam("alternateNameGuid"));
  if (!opened) {
    return std::move(opened).error();
  }
  const bool canModify = api::mayChange(opened->parent);
  return api::jsonResponse(
      json::object{{"AlternateName", present(opened->child, opened->parent.record)},
                   {"FieldBindings", fieldBindings(!canModify)},
                   {"CanView", true},
                   {"CanModify", canModify},
                   {"PersonDisplayName", opened->parent.record.displayName}});
}

Result<http::Response> list(api::Context& context) {
  auto found = namesOfPerson(context.environment(), context.session(), context.param("personGuid"));
  if (!found) {
    return std::move(found).error();
  }
  json::array items;
  for (const auto& name : found->names) {
    items.push_back(present(name, found->person.record));
  }
  return api::jsonResponse(
      json::object{{"items", std::move(items)}, {"canModify", api::mayChange(found->person)}});
}

Result<http::Response> save(api::Context& context) {
  auto body = context.jsonBody();
  if (!body) {
    return std::move(body).error();
  }
  auto details = api::detailsOf(*body, "alternateNameDetails", "alternate name");
  if (!details) {
    return std::move(details).error();
  }
  AlternateNameDraft draft;
  auto& name = draft.name;
  if (auto bad = api::readTexts(*details, {{"Surname", &name.surname},
                                           {"FirstName", &name.firstName},
                                           {"MiddleNames", &name.middleNames},
                                           {"DisplayName", &name.displayName},
                                           {"Explanation", &name.explanation},
                                           {"PersonGuid", &draft.personReference},
                                           {"AlternateNameGuid", &draft.guid}})) {
    return std::move(*bad);
  }
  draft.rowVersion = api::versionOf(*details, "RowVersion");
  auto saved =
      saveAlternateName(context.environment(), context.session(), std::move(draft), Clock::now());
  if (!saved) {
    return std::move(saved).error();
  }
  return api::childSaved(saved->child.guid, saved->changed,
                         {{"AlternateName", present(saved->child, saved->parent.record)}});
}

Result<http::Response> remove(api::Context& context) {
  auto body = context.jsonBody();
  if (!body) {
    return std::move(body).error();
  }
  auto guid = stringField(*body, "alternateNameGuid");
  if (!guid) {
    return std::move(guid).error();
  }
  auto removed = removeAlternateName(context.environment(), context.session(), *guid, Clock::now());
  if (!removed) {
    return std::move(removed).error();
  }
  return api::jsonResponse(json::object{{"success", true}});
}

}  // namespace

void registerAlternateNameRoutes(api::RouteTable& routes) {
  routes.add(
      {.method = "POST", .path = "/api/{env}/persondata/alternatename/save", .handler = save});
  routes.add(
      {.method = "POST", .path = "/api/{env}/persondata/alternatename/delete", .handler = remove});
  routes.add({.method = "GET",
              .path = "/api/{env}/persondata/{personGuid}/alternatenames",
              .handler = list});
  routes.add({.method = "POST",
              .path = "/api/{env}/persondata/{personGuid}/alternatename",
              .handler = open});
  routes.add({.method = "POST",
              .path = "/api/{env}/persondata/{personGuid}/alternatename/{alternateNameGuid}",
              .handler = open});
}

}  // namespace dossier::alternatenames
