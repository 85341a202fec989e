#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "alternatenames/alternate_names.hpp"
#include "alternatenames/routes.hpp"
#include "api/changed_meanwhile.hpp"
#include "api/context.hpp"
#include "api/json_response.hpp"
#include "api/person_child.hpp"
#include "api/route.hpp"
#include "core/json_body.hpp"
#include "db/connection.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"

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

bool mayChange(const records::RecordAccess& person) {
  return !api::refusedChange(person).has_value();
}

json::object answer(const AlternateName& name, const records::RecordAccess& person) {
  return json::object{{"AlternateName", present(name, person.record)},
                      {"FieldBindings", fieldBindings(!mayChange(person))},
                      {"CanView", true},
                      {"CanModify", mayChange(person)},
                      {"PersonDisplayName", person.record.displayName}};
}

Result<http::Response> open(api::Context& context) {
  auto db = context.environment().db().acquire();
  auto person = api::personOfCall(*db, context, context.param("personGuid"));
  if (!person) {
    return std::move(person).error();
  }
  AlternateName name;
  name.personId = person->record.id;
  const auto guid = context.request().pathParam("alternateNameGuid");
  if (!guid.empty()) {
    auto found = findAlternateName(*db, guid);
    if (!found || found->personId != person->record.id) {
      return Error::notFound("alternatename.not_found",
                             "This alternate name is not there any more.");
    }
    name = std::move(*found);
  }
  return api::jsonResponse(answer(name, *person));
}

Result<http::Response> list(api::Context& context) {
  auto db = context.environment().db().acquire();
  auto person = api::personOfCall(*db, context, context.param("personGuid"));
  if (!person) {
    return std::move(person).error();
  }
  json::array items;
  for (const auto& name : alternateNamesOf(*db, person->record.id)) {
    items.push_back(present(name, person->record));
  }
  return api::jsonResponse(
      json::object{{"items", std::move(items)}, {"canModify", mayChange(*person)}});
}

Result<std::string> textOf(const json::object& details, std::string_view key) {
  auto value = optionalStringField(details, key);
  if (!value) {
    return std::move(value).error();
  }
  return value->value_or("");
}

// Creates or changes an alternate name from alternateNameDetails; a new one without a
// DisplayName gets the one made from its parts.
Result<http::Response> save(api::Context& context) {
  auto body = context.jsonBody();
  if (!body) {
    return std::move(body).error();
  }
  const auto* detailsValue = body->if_contains("alternateNameDetails");
  if (detailsValue == nullptr || !detailsValue->is_object()) {
    return Error::badRequest("request.invalid",
                             "The body must hold the alternate name in 'alternateNameDetails'.");
  }
  const auto& details = detailsValue->as_object();
  AlternateName submitted;
  std::string personGuid;
  std::string guid;
  for (auto [key, target] :
       {std::pair{"Surname", &submitted.surname}, std::pair{"FirstName", &submitted.firstName},
        std::pair{"MiddleNames", &submitted.middleNames},
        std::pair{"DisplayName", &submitted.displayName},
        std::pair{"Explanation", &submitted.explanation}, std::pair{"PersonGuid", &personGuid},
        std::pair{"AlternateNameGuid", &guid}}) {
    auto text = textOf(details, key);
    if (!text) {
      return std::move(text).error();
    }
    *target = std::move(*text);
  }
  if (submitted.displayName.empty()) {
    submitted.displayName = calculatedDisplayName(submitted);
  }
  if (auto problems = problemsOf(submitted); !problems.empty()) {
    auto error = Error::badRequest(
        "alternatename.invalid", "Some fields need attention: " + [&] {
          std::string names;
          for (const auto& [field, message] : problems) {
            names += (names.empty() ? "" : ", ") + field;
          }
          return names;
        }() + ".");
    error.fieldErrors = std::move(problems);
    return error;
  }
  auto db = context.environment().db().acquire();
  db::Transaction transaction(*db);
  auto person = api::personOfCall(*db, context, personGuid);
  if (!person) {
    return std::move(person).error();
  }
  if (auto refused = api::refusedChange(*person)) {
    return std::move(*refused);
  }
  const auto actor = api::actorOf(context.session());
  const auto now = Clock::now();
  submitted.personId = person->record.id;
  if (guid.empty()) {
    addAlternateName(*db, submitted, actor, now);
  } else {
    auto stored = findAlternateName(*db, guid);
    if (!stored || stored->personId != person->record.id) {
      return Error::notFound("alternatename.not_found",
                             "This alternate name is not there any more.");
    }
    const auto* version = details.if_contains("RowVersion");
    if (version == nullptr || !version->is_int64()) {
      return Error::badRequest("request.invalid",
                               "Saving an alternate name needs the RowVersion it was opened at.");
    }
    submitted.id = stored->id;
    submitted.guid = stored->guid;
    submitted.createdByName = stored->createdByName;
    submitted.createdAt = stored->createdAt;
    const bool same = submitted.surname == stored->surname &&
                      submitted.firstName == stored->firstName &&
                      submitted.middleNames == stored->middleNames &&
                      submitted.displayName == stored->displayName &&
                      submitted.explanation == stored->explanation;
    if (version->get_int64() != stored->rowVersion) {
      return api::changedMeanwhile("alternatename.changed", "alternate name",
                                   stored->modifiedByName, stored->modifiedAt);
    }
    if (same) {
      return api::jsonResponse(json::object{{"success", true},
                                            {"errorMessage", ""},
                                            {"primaryKey", stored->guid},
                                            {"changed", false},
                                            {"AlternateName", present(*stored, person->record)}});
    }
    updateAlternateName(*db, submitted, stored->rowVersion, actor, now);
  }
  transaction.commit();
  context.environment().awaitIndexed();
  return api::jsonResponse(json::object{{"success", true},
                                        {"errorMessage", ""},
                                        {"primaryKey", submitted.guid},
                                        {"changed", true},
                                        {"AlternateName", present(submitted, person->record)}});
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
  auto db = context.environment().db().acquire();
  db::Transaction transaction(*db);
  const auto stored = findAlternateName(*db, *guid);
  if (!stored) {
    return Error::notFound("alternatename.not_found", "This alternate name is not there any more.");
  }
  auto person = api::personOfCall(*db, context, std::to_string(stored->personId));
  if (!person) {
    return Error::notFound("alternatename.not_found", "This alternate name is not there any more.");
  }
  if (auto refused = api::refusedChange(*person)) {
    return std::move(*refused);
  }
  removeAlternateName(*db, *stored, api::actorOf(context.session()), Clock::now());
  transaction.commit();
  context.environment().awaitIndexed();
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
