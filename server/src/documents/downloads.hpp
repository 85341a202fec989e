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

namespace dossier::documents {

// A download is fetched with a documentAccessToken (spec 2 §7) rather than the session: a hidden
// link or a viewer cannot send the session header. The token names one version, lives a few
// minutes and is spent by the first whole download; ranged reads (a viewer, a resumed download)
// may use it until it expires. Only its SHA-256 is stored.
inline constexpr std::chrono::minutes kDownloadTokenLifetime{5};

std::string issueDownloadToken(db::Connection& db, std::int64_t versionId, std::int64_t userId,
                               TimePoint now);

struct Redeemed {
  std::int64_t versionId = 0;
  std::int64_t userId = 0;
};
// The version a live token names; nothing for an unknown, spent or expired one.
std::optional<Redeemed> redeemDownloadToken(db::Connection& db, std::string_view token,
                                            TimePoint now);
void spendDownloadToken(db::Connection& db, std::string_view token);
int removeExpiredDownloadTokens(db::Connection& db, TimePoint now);

// A single byte range of a file of `size` bytes (RFC 9110 §14): "bytes=0-99", "bytes=500-",
// "bytes=-200".
struct ByteRange {
  std::uint64_t first = 0;
  std::uint64_t length = 0;
};
enum class RangeOutcome { Whole, Partial, Unsatisfiable };
struct RangeRequest {
  RangeOutcome outcome = RangeOutcome::Whole;
  ByteRange range;
};
// Several ranges, or a unit other than bytes, are answered with the whole file, as RFC 9110
// allows; a malformed header is ignored the same way.
RangeRequest parseRange(std::optional<std::string_view> header, std::uint64_t size);

// Content-Disposition for a file name of any characters (RFC 6266): an ASCII fallback and the
// UTF-8 name.
std::string attachmentHeader(std::string_view fileName, bool inlineView);

}  // namespace dossier::documents
