#pragma once

#include <string>

#include "core/clock.hpp"

namespace dossier::db {
class Connection;
}

namespace dossier::auth {

// The rows of the bot check (migration 0029). Only this file writes them.

// The environment's key for signing challenges, made on first use by whichever process asks
// first; every process reads the same one.
std::string botCheckKey(db::Connection& db, TimePoint now);

}  // namespace dossier::auth
