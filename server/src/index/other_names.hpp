#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace dossier::db {
class Connection;
}

namespace dossier::index {

// The other names a person is known by (their alternate names), which search finds them by. Read
// here, beside the index, from the alternate names table.
std::vector<std::string> otherNamesOf(db::Connection& db, std::int64_t personId);
// Every person's, for a rebuild: one read instead of one a person.
std::unordered_map<std::int64_t, std::vector<std::string>> everyOtherName(db::Connection& db);

}  // namespace dossier::index
