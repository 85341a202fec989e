#pragma once

#include <string_view>

#include <boost/json/object.hpp>

#include "records/access.hpp"

namespace dossier::roles {

// The role holders of a record as one user may see them: {holders, heldIn}, each row with the role
// (its name from the parent's side for holders, "Complainant in" for heldIn), the other record's
// kind, identifier, display name and type — or, for a record the user may not see, only that a
// record is there — and whether the user may remove it.
boost::json::object roleHolders(db::Connection& db, const types::Catalog& catalog,
                                std::string_view username, const records::RecordAccess& record);

}  // namespace dossier::roles
