#include "api/context.hpp"
#include "api/json_response.hpp"
#include "api/route.hpp"
#include "db/pool.hpp"
#include "documents/document_access.hpp"
#include "documents/errors.hpp"
#include "documents/properties_form.hpp"
#include "documents/request_fields.hpp"
#include "documents/route_groups.hpp"
#include "environments/environment.hpp"
#include "records/records.hpp"

namespace dossier::documents {

namespace {

// The form of a new document of a case (parentIdentifier: its case number).
Result<http::Response> newForCase(api::Context& context) {
  auto caseNumber = context.requiredQuery("parentIdentifier");
  if (!caseNumber) {
    return std::move(caseNumber).error();
  }
  auto& environment = context.environment();
  const auto& catalog = environment.catalog();
  if (!catalog.documents) {
    return documentsNotKept();
  }
  const auto& session = context.session();
  auto db = environment.db().acquire();
  auto parent = visibleCase(*db, catalog, *caseNumber, session.username);
  if (!parent) {
    return std::move(parent).error();
  }
  return api::jsonResponse(
      documentForm(catalog, session.username, nullptr, parent->access.canModify));
}

// The blank form of a new document, of no case yet: what the environment's documents hold. It
// cannot be saved until it has a case (canCreate false).
Result<http::Response> blank(api::Context& context) {
  const auto& catalog = context.environment().catalog();
  if (!catalog.documents) {
    return documentsNotKept();
  }
  return api::jsonResponse(documentForm(catalog, context.session().username, nullptr, false));
}

Result<http::Response> formOf(api::Context& context, std::optional<std::string> caseNumber) {
  auto guid = context.requiredQuery("documentGuid");
  if (!guid) {
    return std::move(guid).error();
  }
  auto& environment = context.environment();
  const auto& catalog = environment.catalog();
  if (!catalog.documents) {
    return documentsNotKept();
  }
  const auto& session = context.session();
  auto db = environment.db().acquire();
  if (!caseNumber) {
    // Named by its guid alone: its own case is the one to check.
    const auto found = findDocumentByGuid(*db, *guid);
    const auto parent =
        found ? records::findRecordById(*db, types::EntityKind::Case, found->caseId) : std::nullopt;
    if (!parent) {
      return Error::of(errors::kNotFound, "There is no document " + *guid + ".");
    }
    caseNumber = parent->caseNumber;
  }
  auto access = documentAccess(*db, catalog, *caseNumber, *guid, session.userId, session.username);
  if (!access) {
    return std::move(access).error();
  }
  return api::jsonResponse(
      documentForm(catalog, session.username, &*access, access->parent.access.canModify));
}

Result<http::Response> existingOfCase(api::Context& context) {
  auto caseNumber = context.requiredQuery("parentIdentifier");
  if (!caseNumber) {
    return std::move(caseNumber).error();
  }
  return formOf(context, *caseNumber);
}

Result<http::Response> existing(api::Context& context) {
  return formOf(context, std::nullopt);
}

}  // namespace

void registerFormRoutes(api::RouteTable& routes) {
  routes.add({.method = "GET",
              .path = "/api/{env}/form/documentproperties/new/initialise",
              .handler = newForCase,
              .work = api::Work::Quick});
  routes.add({.method = "GET",
              .path = "/api/{env}/form/documentproperties/initialise",
              .handler = existingOfCase,
              .work = api::Work::Quick});
  routes.add({.method = "GET",
              .path = "/api/{env}/form/documentproperties/new",
              .handler = blank,
              .work = api::Work::Quick});
  routes.add({.method = "GET",
              .path = "/api/{env}/form/documentproperties",
              .handler = existing,
              .work = api::Work::Quick});
}

}  // namespace dossier::documents
