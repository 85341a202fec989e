#pragma once

#include <string>
#include <string_view>

namespace dossier::db {

// A connection URL fit to print: a password in it (user:password@, password=…) shown as ***.
std::string withoutPassword(std::string_view url);

}  // namespace dossier::db
