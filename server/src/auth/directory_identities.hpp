#pragma once

#include <cstdint>
#include <string>

#include "core/clock.hpp"

namespace dossier::db {
class Connection;
}

namespace dossier::auth {

// Whether a directory's account (its subject) may sign in as a user.
enum class IdentityMatch {
  Linked,        // the account the user signs in with, or linked now at the user's first sign-in
  OtherAccount,  // the user signs in with another account (of this directory or another)
  OtherUser,     // this account signs in as another user
};

// Each user signs in with one account of one directory (migration 0030): remembered at the first
// sign-in through a directory, compared at every other — so that neither a name given again at
// the directory nor another directory naming the same user reaches that user's data. In the
// caller's transaction.
IdentityMatch matchDirectoryIdentity(db::Connection& db, std::int64_t userId,
                                     const std::string& registration, const std::string& subject,
                                     TimePoint now);

// Forgets the account a user signs in with: the next sign-in through a directory links anew.
// How many were forgotten (0 or 1).
int forgetDirectoryIdentities(db::Connection& db, std::int64_t userId);

}  // namespace dossier::auth
