#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/clock.hpp"

namespace dossier::db {
class Connection;
}

namespace dossier::downloads {

// A file made for one person (a report's export), fetched once through documentdownload/{token}
// with a documentAccessToken, as documents are: a hidden link cannot send the session header. The
// token lives five minutes and the first whole download spends it; the file is a blob of the
// environment's store, which the sweep removes once no token names it. Only the token's SHA-256 is
// kept.
inline constexpr std::chrono::minutes kFileTokenLifetime{5};

struct FileToFetch {
  std::string blob;  // the SHA-256 of its content in the blob store
  std::uint64_t size = 0;
  std::string fileName;
  std::string mediaType;
  std::int64_t userId = 0;
};

std::string issueFileToken(db::Connection& db, const FileToFetch& file, TimePoint now);
// The file a live token names; nothing for an unknown, spent or expired one.
std::optional<FileToFetch> redeemFileToken(db::Connection& db, std::string_view token,
                                           TimePoint now);
void spendFileToken(db::Connection& db, std::string_view token);
int removeExpiredFileTokens(db::Connection& db, TimePoint now);
// Whether a live token names the blob (the sweep leaves it).
bool fileTokenNames(db::Connection& db, std::string_view sha256);

}  // namespace dossier::downloads
