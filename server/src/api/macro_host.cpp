#include "api/macro_host.hpp"

#include <algorithm>

#include <spdlog/spdlog.h>

#include "core/text.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"
#include "index/index_terms.hpp"
#include "index/query_syntax.hpp"
#include "index/search_index.hpp"
#include "records/access.hpp"
#include "records/role_links.hpp"

namespace dossier::api {

namespace json = boost::json;

std::optional<json::object> macroRecord(db::Connection& db, const types::Catalog& catalog,
                                        types::EntityKind kind, std::string_view identifier,
                                        std::string_view username) {
  auto found = records::recordAccess(db, catalog, kind, identifier, username);
  if (!found || !found->visible() || found->type == nullptr) {
    return std::nullopt;
  }
  auto values = found->record.values;
  if (kind == types::EntityKind::Case) {
    values["status"] = found->record.status;
  }
  return json::object{{"entity", kind == types::EntityKind::Case ? "Case" : "Person"},
                      {"type", found->record.typeRef},
                      {"id", found->record.identifier()},
                      {"title", found->record.displayName},
                      {"values", std::move(values)}};
}

RecordMacroHost::RecordMacroHost(environments::Environment& environment, std::string username,
                                 types::EntityKind kind, std::int64_t recordId)
    : environment_(environment), username_(std::move(username)), kind_(kind), recordId_(recordId) {}

json::array RecordMacroHost::search(std::string_view text, const std::vector<std::string>& types,
                                    std::size_t limit) noexcept {
  json::array out;
  try {
    auto* index = environment_.index();
    auto parsed = index::parseSearchText(text);
    if (index == nullptr || !parsed) {
      return out;
    }
    const auto& catalog = environment_.catalog();
    std::vector<std::string> keys;
    for (const auto& type : catalog.types) {
      const bool asked = types.empty() || std::any_of(types.begin(), types.end(), [&](auto& code) {
                           return equalsIgnoringCase(code, type->ref);
                         });
      if (asked && records::accessFor(catalog, *type, username_).canView) {
        keys.push_back(index::typeKey(type->kind, type->ref));
      }
    }
    if (keys.empty() || (parsed->empty() && types.empty())) {
      return out;
    }
    index::SearchQuery query{std::move(parsed).value(),
                             std::move(keys),
                             catalog.groupsOf(username_),
                             index::StatusFilter::Active,
                             0,
                             static_cast<int>(limit)};
    auto page = index->search(query);
    if (!page) {
      return out;
    }
    auto db = environment_.db().acquire();
    for (const auto& hit : page->hits) {
      const auto kind = types::kindFromRoute(hit.kind);
      if (!kind) {
        continue;
      }
      if (auto record = macroRecord(*db, catalog, *kind, hit.identifier, username_)) {
        out.push_back(std::move(*record));
      }
    }
  } catch (const std::exception& e) {
    spdlog::error("a macro's search failed: {}", e.what());
    out.clear();
  }
  return out;
}

json::array RecordMacroHost::linked(std::string_view roleCode) noexcept {
  json::array out;
  if (recordId_ == 0) {
    return out;
  }
  try {
    const auto& catalog = environment_.catalog();
    auto db = environment_.db().acquire();
    for (const auto& link : records::linksOnRecord(*db, kind_, recordId_)) {
      if (!roleCode.empty() && !equalsIgnoringCase(link.roleCode, roleCode)) {
        continue;
      }
      auto holder =
          records::recordAccessById(*db, catalog, link.holderKind, link.holderId, username_);
      if (!holder || !holder->visible()) {
        continue;
      }
      if (auto record =
              macroRecord(*db, catalog, link.holderKind, holder->record.identifier(), username_)) {
        (*record)["role"] = link.roleCode;
        out.push_back(std::move(*record));
      }
    }
  } catch (const std::exception& e) {
    spdlog::error("a macro's linked records failed: {}", e.what());
    out.clear();
  }
  return out;
}

}  // namespace dossier::api
