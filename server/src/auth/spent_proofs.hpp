#pragma once

#include <string>

#include "core/clock.hpp"

namespace dossier::db {
class Connection;
}

namespace dossier::auth {

// Spends a proof that is good once (migration 0029): true the first time, on any process; false
// when it was spent before. `proof` names its kind ("botcheck:…", "negotiate:…"); proofs that
// expired are forgotten as new ones come.
bool spendProof(db::Connection& db, const std::string& proof, TimePoint expiresAt, TimePoint now);

}  // namespace dossier::auth
