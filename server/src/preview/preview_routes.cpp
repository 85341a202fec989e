#include "api/context.hpp"
#include "api/errors.hpp"
#include "api/json_response.hpp"
#include "api/route.hpp"
#include "preview/preview.hpp"
#include "preview/routes.hpp"

namespace dossier::preview {

namespace {

Result<http::Response> preview(api::Context& context) {
  const auto kind = types::kindFromRoute(context.param("kind"));
  if (!kind) {
    return Error::of(api::errors::kNotFound, "Previews exist for case and person.");
  }
  auto data = previewRecord(context.environment(), context.session(), *kind, context.param("id"));
  if (!data) {
    return std::move(data).error();
  }
  return api::jsonResponse(*data);
}

}  // namespace

void registerPreviewRoutes(api::RouteTable& routes) {
  routes.add({.method = "GET",
              .path = "/api/{env}/preview/{kind}/{id}",
              .handler = preview,
              .work = api::Work::Quick});
}

}  // namespace dossier::preview
