#pragma once

#include <string_view>

#include <boost/json/value.hpp>

#include "types/entity_type.hpp"

namespace dossier::db {
class Connection;
}

namespace dossier::history {

// The changes of an audit row as a person may see them: beside each stored value its text as a
// person reads it (oldText, newText), and a link to a record the user may not see shown as the
// form shows it, "Not available" without its id.
boost::json::value presentChanges(db::Connection& db, const types::Catalog& catalog,
                                  const types::EntityType& type, std::string_view username,
                                  const boost::json::value& changes);

}  // namespace dossier::history
