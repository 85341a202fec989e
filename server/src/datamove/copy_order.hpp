#pragma once

#include <string>
#include <vector>

#include "db/schema.hpp"

namespace dossier::datamove {

// The schema's tables in an order in which each comes after every table its foreign keys refer
// to, so that rows copied in that order never name a row not yet there; ties go by name, so the
// order is always the same. A table referring to itself is not a cycle: its rows are copied in
// two passes (table_copy.hpp). Throws MoveError when references go round between tables.
std::vector<std::string> copyOrder(const db::Schema& schema);

}  // namespace dossier::datamove
