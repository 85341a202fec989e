#pragma once

#include <string_view>

#include "core/result.hpp"
#include "records/access.hpp"

namespace dossier::api {

class Context;

// The person a /persondata/{personGuid}/… call is about (by guid, or by id in digits), as the
// signed-in user may use them: 404 alike for one that is not there and one they may not see.
Result<records::RecordAccess> personOfCall(db::Connection& db, Context& context,
                                           std::string_view reference);

// Changing what a person holds (their other names, their comments) needs the right to change the
// person, who must not be obsolete: 403 or 409 with the reason otherwise.
std::optional<Error> refusedChange(const records::RecordAccess& person);

}  // namespace dossier::api
