#include <charconv>

#include <boost/json/object.hpp>

#include "api/context.hpp"
#include "api/errors.hpp"
#include "api/json_response.hpp"
#include "api/route.hpp"
#include "core/json_body.hpp"
#include "core/text.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"
#include "roles/errors.hpp"
#include "roles/role_actions.hpp"
#include "roles/role_detail.hpp"
#include "roles/role_list.hpp"
#include "roles/routes.hpp"

namespace dossier::roles {

namespace json = boost::json;

namespace {

Result<types::EntityKind> kindField(const json::object& body, std::string_view key) {
  auto word = stringField(body, key);
  if (!word) {
    return std::move(word).error();
  }
  const auto kind = types::kindFromRoute(*word);
  if (!kind) {
    return Error::of(api::errors::kInvalidRequest, std::string(key) + " must be case or person.");
  }
  return *kind;
}

Result<http::Response> list(api::Context& context) {
  const auto kind = types::kindFromRoute(context.param("kind"));
  if (!kind) {
    return Error::of(api::errors::kNotFound, "Role holders exist for case and person.");
  }
  const auto& catalog = context.environment().catalog();
  auto db = context.environment().db().acquire();
  const auto found =
      records::recordAccess(*db, catalog, *kind, context.param("id"), context.session().username);
  if (!found || !found->visible()) {
    return records::recordNotFound(*kind, context.param("id"));
  }
  return api::jsonResponse(roleHolders(*db, catalog, context.session().username, *found));
}

Result<http::Response> add(api::Context& context) {
  auto body = context.jsonBody();
  if (!body) {
    return std::move(body).error();
  }
  AddRole request;
  auto holderKind = kindField(*body, "entityKind");
  auto parentKind = kindField(*body, "rootEntityKind");
  auto role = stringField(*body, "roleCode");
  auto parent = stringField(*body, "rootEntityIdentifier");
  auto chosen = stringField(*body, "chosenEntityIdentifier");
  for (const auto* failed :
       {holderKind.ok() ? nullptr : &holderKind.error(),
        parentKind.ok() ? nullptr : &parentKind.error(), role.ok() ? nullptr : &role.error(),
        parent.ok() ? nullptr : &parent.error(), chosen.ok() ? nullptr : &chosen.error()}) {
    if (failed != nullptr) {
      return *failed;
    }
  }
  request.holderKind = *holderKind;
  request.parentKind = *parentKind;
  request.roleCode = *role;
  request.parentIdentifier = *parent;
  request.holderIdentifier = *chosen;
  if (const auto* replace = body->if_contains("replaceOwner");
      replace != nullptr && replace->is_bool()) {
    request.replaceOwner = replace->get_bool();
  }
  auto added = addRole(context.environment(), context.session(), request, Clock::now());
  if (!added) {
    return std::move(added).error();
  }
  json::object answer{{"success", true}, {"linkId", added->linkId}};
  if (added->replacedOwner) {
    answer["replacedOwner"] = *added->replacedOwner;
  }
  return api::jsonResponse(answer);
}

Result<http::Response> remove(api::Context& context) {
  const auto text = context.param("linkId");
  std::int64_t linkId = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), linkId);
  if (ec != std::errc() || end != text.data() + text.size()) {
    return Error::of(errors::kNotFound, "That role holder is not there any more.");
  }
  auto removed = removeRole(context.environment(), context.session(), linkId, Clock::now());
  if (!removed) {
    return std::move(removed).error();
  }
  return api::jsonResponse(json::object{{"success", true}});
}

Result<http::Response> parentCaseExists(api::Context& context) {
  auto caseIdentifier = context.requiredQuery("caseIdentifier");
  if (!caseIdentifier) {
    return std::move(caseIdentifier).error();
  }
  auto roleCode = context.requiredQuery("roleCode");
  if (!roleCode) {
    return std::move(roleCode).error();
  }
  auto answer = ownerOfCase(context.environment(), context.session(), *caseIdentifier, *roleCode);
  if (!answer) {
    return std::move(answer).error();
  }
  json::object out{{"exists", answer->exists}};
  if (answer->owner) {
    out["owner"] = *answer->owner;
  }
  return api::jsonResponse(out);
}

// Spec 2 §7's "role parent detail": the role on the parent an address names (entityType and
// identifier, or typeRef for a new record).
Result<http::Response> parentDetail(api::Context& context) {
  auto roleCode = context.requiredQuery("roleCode");
  if (!roleCode) {
    return std::move(roleCode).error();
  }
  auto entityType = context.requiredQuery("entityType");
  if (!entityType) {
    return std::move(entityType).error();
  }
  const auto kind = types::kindFromRoute(asciiLower(*entityType));
  if (!kind) {
    return Error::of(api::errors::kInvalidRequest, "entityType must be case or person.");
  }
  ParentInAddress parent{*kind, context.request().queryValue("identifier").value_or(""),
                         context.request().queryValue("typeRef").value_or("")};
  if (parent.identifier.empty() && parent.typeRef.empty()) {
    return Error::of(api::errors::kMissingParameter,
                     "Name the parent: its identifier, or typeRef for a new record.");
  }
  auto detail = roleParentDetail(context.environment(), context.session(), *roleCode, parent);
  if (!detail) {
    return std::move(detail).error();
  }
  return api::jsonResponse(*detail);
}

}  // namespace

void registerRoleRoutes(api::RouteTable& routes) {
  routes.add({.method = "GET",
              .path = "/api/{env}/roles/ParentCaseExists",
              .handler = parentCaseExists,
              .work = api::Work::Quick});
  routes.add({.method = "GET",
              .path = "/api/{env}/roles/RoleParentDetail",
              .handler = parentDetail,
              .work = api::Work::Quick});
  routes.add({.method = "GET", .path = "/api/{env}/roles/{kind}/{id}", .handler = list});
  routes.add({.method = "POST", .path = "/api/{env}/roles", .handler = add});
  routes.add({.method = "DELETE", .path = "/api/{env}/roles/{linkId}", .handler = remove});
}

}  // namespace dossier::roles
