#include "downloads/file_downloads.hpp"

#include "core/crypto.hpp"
#include "db/connection.hpp"

namespace dossier::downloads {

std::string issueFileToken(db::Connection& db, const FileToFetch& file, TimePoint now) {
  const auto token = randomToken();
  db.execute(
      "INSERT INTO file_download_tokens (token_hash, blob, file_size, file_name, media_type, "
      "user_id, expires_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
      sha256Hex(token), file.blob, static_cast<std::int64_t>(file.size), file.fileName,
      file.mediaType, file.userId, now + kFileTokenLifetime);
  return token;
}

std::optional<FileToFetch> redeemFileToken(db::Connection& db, std::string_view token,
                                           TimePoint now) {
  if (token.empty() || token.size() > 100) {
    return std::nullopt;
  }
  auto row = db.query(
      "SELECT blob, file_size, file_name, media_type, user_id, expires_at FROM "
      "file_download_tokens WHERE token_hash = ?1",
      sha256Hex(token));
  if (!row.step()) {
    return std::nullopt;
  }
  const auto expires = row.time(5);
  if (!expires || *expires <= now) {
    return std::nullopt;
  }
  return FileToFetch{row.text(0), static_cast<std::uint64_t>(row.integer(1)), row.text(2),
                     row.text(3), row.integer(4)};
}

void spendFileToken(db::Connection& db, std::string_view token) {
  db.execute("DELETE FROM file_download_tokens WHERE token_hash = ?1", sha256Hex(token));
}

int removeExpiredFileTokens(db::Connection& db, TimePoint now) {
  return db.execute("DELETE FROM file_download_tokens WHERE expires_at <= ?1", now);
}

bool fileTokenNames(db::Connection& db, std::string_view sha256) {
  return db.query("SELECT 1 FROM file_download_tokens WHERE blob = ?1 LIMIT 1", sha256).step();
}

}  // namespace dossier::downloads
