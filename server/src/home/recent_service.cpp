#include "home/recent_service.hpp"

#include <boost/json/object.hpp>

#include "records/access.hpp"
#include "records/recent.hpp"

namespace dossier::home {

namespace json = boost::json;
using types::EntityKind;

namespace {

// Read beyond those shown, so that records one may no longer see leave room for others.
constexpr int kRead = 30;

}  // namespace

json::array recentRecords(db::Connection& db, const types::Catalog& catalog, std::int64_t userId,
                          std::string_view username) {
  json::array items;
  for (const auto& opened : records::recentlyOpened(db, userId, kRead)) {
    const auto found =
        records::recordAccessById(db, catalog, opened.kind, opened.entityId, username);
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
    if (items.size() == kRecentShown) {
      break;
    }
  }
  return items;
}

}  // namespace dossier::home
