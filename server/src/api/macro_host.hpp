#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/json/object.hpp>

#include "sandbox/lua_sandbox.hpp"
#include "types/entity_type.hpp"

namespace dossier::db {
class Connection;
}
namespace dossier::environments {
class Environment;
}

namespace dossier::api {

// A record as a macro sees it: {entity: "Case" or "Person", type, id, title, values}; nullopt when
// there is no such record or the person may not see it.
std::optional<boost::json::object> macroRecord(db::Connection& db, const types::Catalog& catalog,
                                               types::EntityKind kind, std::string_view identifier,
                                               std::string_view username);

// What a macro running for a person on a record may look up: the search index and the record's
// linked records, each only as far as that person may see (the same groups and access check as
// their own searches and forms). A new record (id 0) has no links yet.
class RecordMacroHost final : public sandbox::MacroHost {
 public:
  RecordMacroHost(environments::Environment& environment, std::string username,
                  types::EntityKind kind, std::int64_t recordId);

  boost::json::array search(std::string_view text, const std::vector<std::string>& types,
                            std::size_t limit) noexcept override;
  boost::json::array linked(std::string_view roleCode) noexcept override;

 private:
  environments::Environment& environment_;
  std::string username_;
  types::EntityKind kind_;
  std::int64_t recordId_;
};

}  // namespace dossier::api
