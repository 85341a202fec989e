#include "api/context.hpp"
#include "api/json_response.hpp"
#include "api/route.hpp"
#include "documents/definition.hpp"
#include "documents/route_groups.hpp"
#include "documents/routes.hpp"

namespace dossier::documents {

namespace {

Result<http::Response> definition(api::Context& context) {
  auto caseNumber = context.requiredQuery("caseNumber");
  if (!caseNumber) {
    return std::move(caseNumber).error();
  }
  auto found = documentDefinition(context.environment(), context.session(), *caseNumber);
  if (!found) {
    return std::move(found).error();
  }
  return api::jsonResponse(*found);
}

}  // namespace

void registerDocumentRoutes(api::RouteTable& routes) {
  routes.add({.method = "GET",
              .path = "/api/{env}/DocumentProperties/Definition",
              .handler = definition,
              .work = api::Work::Quick});
  registerPropertyRoutes(routes);
  registerVersionRoutes(routes);
  registerDownloadRoutes(routes);
  registerUploadRoutes(routes);
  registerPreviewRoutes(routes);
  registerFormRoutes(routes);
}

}  // namespace dossier::documents
