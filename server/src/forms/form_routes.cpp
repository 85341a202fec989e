#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "api/context.hpp"
#include "api/header_alerts.hpp"
#include "api/json_response.hpp"
#include "api/route.hpp"
#include "environments/environment.hpp"
#include "forms/errors.hpp"
#include "forms/form_close.hpp"
#include "forms/form_load.hpp"
#include "forms/form_save.hpp"
#include "forms/possible_duplicates.hpp"
#include "forms/routes.hpp"
#include "types/errors.hpp"

namespace dossier::forms {

namespace json = boost::json;
using types::EntityKind;

namespace {

Result<http::Response> respond(Result<FormLoad> load) {
  if (!load) {
    return std::move(load).error();
  }
  return http::textResponse(200, "application/json; charset=utf-8", load->serialize());
}

api::Handler initialiseExisting(EntityKind kind) {
  return [kind](api::Context& context) -> Result<http::Response> {
    auto identifier = context.requiredQuery(kind == EntityKind::Case ? "caseNumber" : "personId");
    if (!identifier) {
      return std::move(identifier).error();
    }
    return respond(loadExistingForm(context.environment(), context.session(), kind, *identifier,
                                    Clock::now()));
  };
}

api::Handler initialiseNew(EntityKind kind) {
  return [kind](api::Context& context) -> Result<http::Response> {
    auto type = context.requiredQuery(kind == EntityKind::Case ? "caseEntityType" : "personType");
    if (!type) {
      return std::move(type).error();
    }
    const auto& request = context.request();
    return respond(loadNewForm(context.environment(), context.session(), kind, *type,
                               request.queryValue("roleCode").value_or(""),
                               request.queryValue("roleEntityId").value_or("")));
  };
}

Result<json::object> valuesOf(const json::object& body) {
  const auto* values = body.if_contains("values");
  if (values == nullptr || !values->is_object()) {
    return Error::of(types::errors::kFormMissingValues,
                     "The body must hold the form's values as an object in 'values'.");
  }
  return values->as_object();
}

// {"roleCode", "rootEntityKind", "rootEntityIdentifier"}: the role a new record is made to hold.
Result<RoleForNew> roleOf(const json::value& role) {
  const auto invalid = Error::of(
      errors::kInvalidRole,
      "'role' must hold roleCode, rootEntityKind (case or person) and rootEntityIdentifier.");
  if (!role.is_object()) {
    return invalid;
  }
  const auto& fields = role.as_object();
  const auto* code = fields.if_contains("roleCode");
  const auto* kind = fields.if_contains("rootEntityKind");
  const auto* identifier = fields.if_contains("rootEntityIdentifier");
  if (code == nullptr || !code->is_string() || kind == nullptr || !kind->is_string() ||
      identifier == nullptr || !identifier->is_string()) {
    return invalid;
  }
  const auto parentKind = types::kindFromRoute(kind->get_string());
  if (!parentKind) {
    return invalid;
  }
  return RoleForNew{std::string(code->get_string()), *parentKind,
                    std::string(identifier->get_string())};
}

http::Response saved(const SaveOutcome& outcome) {
  json::array warnings;
  for (const auto& warning : outcome.warnings) {
    warnings.push_back(json::value(warning));
  }
  const auto& record = outcome.record;
  json::object body{{"success", true},
                    {"changed", outcome.changed},
                    {"identifier", record.identifier()},
                    {"rowVersion", record.rowVersion},
                    {"displayName", record.displayName},
                    {"errors", std::move(warnings)},
                    {"alerts", api::headerAlertsJson(outcome.alerts, "macro-")}};
  if (outcome.reopened) {
    body["activeState"] = "reopened";
  }
  if (record.kind == EntityKind::Case) {
    body["caseNumber"] = record.caseNumber;
  } else {
    body["personId"] = record.id;
  }
  return api::jsonResponse(body, outcome.changed && outcome.record.rowVersion == 1 ? 201 : 200);
}

api::Handler create(EntityKind kind) {
  return [kind](api::Context& context) -> Result<http::Response> {
    auto body = context.jsonBody();
    if (!body) {
      return std::move(body).error();
    }
    const char* typeKey = kind == EntityKind::Case ? "caseEntityType" : "personType";
    const auto* type = body->if_contains(typeKey);
    if (type == nullptr || !type->is_string() || type->get_string().empty()) {
      return Error::of(errors::kMissingType,
                       std::string("The body must name the type in '") + typeKey + "'.");
    }
    auto values = valuesOf(*body);
    if (!values) {
      return std::move(values).error();
    }
    SaveRequest request{kind,         std::string(type->get_string()),
                        "",           std::move(values).value(),
                        std::nullopt, std::nullopt};
    if (const auto* role = body->if_contains("role"); role != nullptr && !role->is_null()) {
      auto forRole = roleOf(*role);
      if (!forRole) {
        return std::move(forRole).error();
      }
      request.role = std::move(forRole).value();
    }
    auto outcome = saveForm(context.environment(), context.session(), request, Clock::now());
    if (!outcome) {
      return std::move(outcome).error();
    }
    if (outcome->changed) {
      context.environment().awaitIndexed();
    }
    return saved(*outcome);
  };
}

api::Handler update(EntityKind kind) {
  return [kind](api::Context& context) -> Result<http::Response> {
    auto body = context.jsonBody();
    if (!body) {
      return std::move(body).error();
    }
    auto values = valuesOf(*body);
    if (!values) {
      return std::move(values).error();
    }
    std::optional<std::int64_t> version;
    if (const auto* given = body->if_contains("rowVersion");
        given != nullptr && given->is_int64()) {
      version = given->get_int64();
    }
    const auto identifier = context.param(kind == EntityKind::Case ? "caseNumber" : "personId");
    SaveRequest request{kind,    "",          std::string(identifier), std::move(values).value(),
                        version, std::nullopt};
    auto outcome = saveForm(context.environment(), context.session(), request, Clock::now());
    if (!outcome) {
      return std::move(outcome).error();
    }
    if (outcome->changed) {
      context.environment().awaitIndexed();
    }
    return saved(*outcome);
  };
}

// The persons a new person's form may describe already (see possible_duplicates.hpp).
Result<http::Response> duplicates(api::Context& context) {
  auto body = context.jsonBody();
  if (!body) {
    return std::move(body).error();
  }
  const auto* type = body->if_contains("personType");
  if (type == nullptr || !type->is_string() || type->get_string().empty()) {
    return Error::of(errors::kMissingType, "The body must name the type in 'personType'.");
  }
  auto values = valuesOf(*body);
  if (!values) {
    return std::move(values).error();
  }
  auto found =
      possibleDuplicates(context.environment(), context.session(), type->get_string(), *values);
  if (!found) {
    return std::move(found).error();
  }
  json::array items;
  for (const auto& duplicate : *found) {
    json::array fields;
    for (const auto& [label, value] : duplicate.fields) {
      fields.push_back(json::object{{"label", label}, {"value", value}});
    }
    items.push_back(json::object{{"personId", duplicate.personId},
                                 {"displayName", duplicate.displayName},
                                 {"typeName", duplicate.typeName},
                                 {"score", duplicate.score},
                                 {"fields", std::move(fields)}});
  }
  return api::jsonResponse(json::object{{"duplicates", std::move(items)}});
}

api::Handler personState(bool obsolete) {
  return [obsolete](api::Context& context) -> Result<http::Response> {
    auto record = setPersonObsolete(context.environment(), context.session(),
                                    context.param("personId"), obsolete, Clock::now());
    if (!record) {
      return std::move(record).error();
    }
    context.environment().awaitIndexed();
    return api::jsonResponse(json::object{{"success", true},
                                          {"personId", record->id},
                                          {"activeState", obsolete ? "deactivated" : "reactivated"},
                                          {"obsolete", record->obsolete},
                                          {"rowVersion", record->rowVersion}});
  };
}

// {"identifier"} of a stored record, or {"type"} of a new one's form; "values" what the form holds.
api::Handler close(EntityKind kind) {
  return [kind](api::Context& context) -> Result<http::Response> {
    auto body = context.jsonBody();
    if (!body) {
      return std::move(body).error();
    }
    CloseRequest request;
    request.kind = kind;
    const auto text = [&](const char* key) {
      const auto* value = body->if_contains(key);
      return value != nullptr && value->is_string() ? std::string(value->get_string())
                                                    : std::string();
    };
    request.identifier = text("identifier");
    request.typeRef = text("type");
    if (request.identifier.empty() == request.typeRef.empty()) {
      return Error::of(errors::kCloseTarget,
                       "Name the form that closes: 'identifier' of a stored record or "
                       "'type' of a new one, not both.");
    }
    if (const auto* values = body->if_contains("values"); values != nullptr && !values->is_null()) {
      if (!values->is_object()) {
        return Error::of(types::errors::kFormMissingValues, "'values' must be an object.");
      }
      request.values = values->get_object();
    }
    auto outcome = closeForm(context.environment(), context.session(), request);
    if (!outcome) {
      return std::move(outcome).error();
    }
    return api::jsonResponse(
        json::object{{"canClose", outcome->canClose},
                     {"message", outcome->message},
                     {"alerts", api::headerAlertsJson(outcome->alerts, "macro-")}});
  };
}

}  // namespace

void registerFormRoutes(api::RouteTable& routes) {
  routes.add({.method = "GET",
              .path = "/api/{env}/form/case/new/initialise",
              .handler = initialiseNew(EntityKind::Case),
              .work = api::Work::Quick});
  routes.add({.method = "GET",
              .path = "/api/{env}/form/case/initialise",
              .handler = initialiseExisting(EntityKind::Case),
              .work = api::Work::Quick});
  routes.add({.method = "GET",
              .path = "/api/{env}/form/person/new/initialise",
              .handler = initialiseNew(EntityKind::Person),
              .work = api::Work::Quick});
  routes.add({.method = "GET",
              .path = "/api/{env}/form/person/initialise",
              .handler = initialiseExisting(EntityKind::Person),
              .work = api::Work::Quick});
  routes.add({.method = "POST",
              .path = "/api/{env}/case",
              .handler = create(EntityKind::Case),
              .overHub = true});
  // A form-close macro's answer comes over the hub when the tab has it (spec 1 §7).
  routes.add({.method = "POST",
              .path = "/api/{env}/form/case/close",
              .handler = close(EntityKind::Case),
              .overHub = true});
  routes.add({.method = "POST",
              .path = "/api/{env}/form/person/close",
              .handler = close(EntityKind::Person),
              .overHub = true});
  // Heavy: a search of the index, like the search screen's.
  routes.add({.method = "POST",
              .path = "/api/{env}/form/person/duplicates",
              .handler = duplicates,
              .work = api::Work::Search});
  routes.add({.method = "PUT",
              .path = "/api/{env}/case/{caseNumber}",
              .handler = update(EntityKind::Case),
              .overHub = true});
  routes.add({.method = "POST",
              .path = "/api/{env}/person",
              .handler = create(EntityKind::Person),
              .overHub = true});
  routes.add({.method = "PUT",
              .path = "/api/{env}/person/{personId}",
              .handler = update(EntityKind::Person),
              .overHub = true});
  routes.add({.method = "POST",
              .path = "/api/{env}/person/{personId}/obsolete",
              .handler = personState(true),
              .bodyLimit = 16 * 1024});
  routes.add({.method = "POST",
              .path = "/api/{env}/person/{personId}/reinstate",
              .handler = personState(false),
              .bodyLimit = 16 * 1024});
}

}  // namespace dossier::forms
