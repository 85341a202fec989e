#pragma once

#include <string_view>

#include <boost/json/object.hpp>

#include "core/result.hpp"
#include "types/entity_type.hpp"

namespace dossier::db {
class Connection;
}

namespace dossier::history {

// A page of the history of a case or person as one person may read it: {items, page, pageSize,
// total}, newest first. Each entry's changes are told in its own fields' terms (an action's in its
// action type's, history_text.hpp); an entry about a document names it only to those who may see
// documents of its security group; one about a role, a cross reference or an action names the
// other record only to those who may see it. A record the person may not see is not found, like
// one that is not there.
Result<boost::json::object> historyOf(db::Connection& db, const types::Catalog& catalog,
                                      std::string_view username, types::EntityKind kind,
                                      std::string_view identifier, int page, int pageSize);

}  // namespace dossier::history
