#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "api/context.hpp"
#include "api/json_response.hpp"
#include "api/route.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"
#include "home/routes.hpp"
#include "records/access.hpp"
#include "records/recent.hpp"

namespace dossier::home {

namespace json = boost::json;
using types::EntityKind;

namespace {

constexpr std::size_t kShown = 10;

// The records this person opened last that they may still see.
Result<http::Response> recent(api::Context& context) {
  const auto& catalog = context.environment().catalog();
  const auto& session = context.session();
  auto db = context.environment().db().acquire();
  json::array items;
  for (const auto& opened : records::recentlyOpened(*db, session.userId, 30)) {
    const auto found =
        records::recordAccessById(*db, catalog, opened.kind, opened.entityId, session.username);
    if (!found || !found->visible()) {
      continue;
    }
    const auto& record = found->record;
    const auto& type = *found->type;
    json::object item{{"entity", opened.kind == EntityKind::Case ? "Case" : "Person"},
                      {"entityIdentifier", record.identifier()},
                      {"displayName", record.displayName},
                      {"typeRef", type.ref},
                      {"typeName", type.name},
                      {"openedAt", opened.openedAt}};
    if (opened.kind == EntityKind::Case) {
      const auto* status = type.status(record.status);
      item["statusName"] = status != nullptr ? status->name : record.status;
    } else {
      item["obsolete"] = record.obsolete;
    }
    items.push_back(std::move(item));
    if (items.size() == kShown) {
      break;
    }
  }
  return api::jsonResponse(items);
}

}  // namespace

void registerHomeRoutes(api::RouteTable& routes) {
  routes.add({.method = "GET", .path = "/api/{env}/recent", .handler = recent});
}

}  // namespace dossier::home
