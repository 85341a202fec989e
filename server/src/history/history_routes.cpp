#include "api/context.hpp"
#include "api/errors.hpp"
#include "api/json_response.hpp"
#include "api/route.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"
#include "history/history_service.hpp"
#include "history/routes.hpp"

namespace dossier::history {

namespace {

// The audit trail of a record, newest first, a page at a time; pages out of range are brought
// within it.
Result<http::Response> history(api::Context& context) {
  const auto kind = types::kindFromRoute(context.param("kind"));
  if (!kind) {
    return Error::of(api::errors::kNotFound, "History exists for case and person.");
  }
  const int page = context.queryNumber("page", 1, 1, 100000);
  const int pageSize = context.queryNumber("pageSize", 20, 1, 100);
  auto db = context.environment().db().acquire();
  auto found = historyOf(*db, context.environment().catalog(), context.session().username, *kind,
                         context.param("id"), page, pageSize);
  if (!found) {
    return std::move(found).error();
  }
  return api::jsonResponse(*found);
}

}  // namespace

void registerHistoryRoutes(api::RouteTable& routes) {
  routes.add({.method = "GET", .path = "/api/{env}/history/{kind}/{id}", .handler = history});
}

}  // namespace dossier::history
