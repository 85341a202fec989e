#pragma once

#include <string>
#include <string_view>

namespace dossier::db {

// A table or column name as both backends read it inside SQL, double-quoted: for names taken from
// the schema itself, which cannot be bound parameters.
std::string quotedIdentifier(std::string_view name);

}  // namespace dossier::db
