#include "documents/upload_quota.hpp"

#include <sys/statvfs.h>

#include <spdlog/spdlog.h>

#include "core/text.hpp"
#include "db/connection.hpp"
#include "documents/errors.hpp"

namespace dossier::documents {

namespace fs = std::filesystem;

namespace {

constexpr const char* kTryLater = " Try again later; if this goes on, tell your administrator.";

struct Waiting {
  std::int64_t count = 0;
  std::uint64_t bytes = 0;
};

Waiting waitingOf(db::Connection& db, std::string_view username) {
  auto row = db.query(
      "SELECT COUNT(*), COALESCE(SUM(length), 0) FROM uploads "
      "WHERE username = ?1 AND taken_at IS NULL",
      username);
  row.step();
  return {row.integer(0), static_cast<std::uint64_t>(row.integer(1))};
}

std::uint64_t everyonesWaiting(db::Connection& db) {
  auto row = db.query("SELECT COALESCE(SUM(length), 0) FROM uploads WHERE taken_at IS NULL");
  row.step();
  return static_cast<std::uint64_t>(row.integer(0));
}

void insertRow(db::Connection& db, std::string_view id, std::string_view username,
               std::uint64_t length, TimePoint now) {
  db.execute("INSERT INTO uploads (id, username, length, created_at) VALUES (?1, ?2, ?3, ?4)", id,
             username, static_cast<std::int64_t>(length), now);
}

}  // namespace

Status reserveUpload(db::Connection& db, const config::UploadLimits& limits, std::string_view id,
                     std::string_view username, std::uint64_t length, TimePoint now) {
  // BEGIN IMMEDIATE: the counting and the adding hold the write lock together.
  db::Transaction transaction(db);
  const auto mine = waitingOf(db, username);
  if (mine.count >= limits.maxUnfinishedPerUser) {
    return std::move(
               Error::of(errors::kUploadQuota,
                         "You have " + std::to_string(mine.count) +
                             " uploads not finished; finish or cancel some before starting more."))
        .withDetail("unfinishedUploads", mine.count)
        .withDetail("limit", static_cast<std::int64_t>(limits.maxUnfinishedPerUser));
  }
  if (length > limits.maxUnfinishedSizePerUser ||
      mine.bytes > limits.maxUnfinishedSizePerUser - length) {
    return std::move(Error::of(errors::kUploadQuota,
                               "Your uploads not finished hold " + formatByteSize(mine.bytes) +
                                   ", and this file (" + formatByteSize(length) +
                                   ") would pass the " +
                                   formatByteSize(limits.maxUnfinishedSizePerUser) +
                                   " you may have waiting at once; finish or cancel some before "
                                   "starting more."))
        .withDetail("unfinishedUploads", mine.count)
        .withDetail("unfinishedBytes", static_cast<std::int64_t>(mine.bytes));
  }
  const auto everyone = everyonesWaiting(db);
  if (length > limits.maxUnfinishedSize || everyone > limits.maxUnfinishedSize - length) {
    spdlog::warn(
        "uploads waiting to be filed hold {} of the {} allowed (uploads.maxUnfinishedSize); an "
        "upload of {} by {} was refused",
        formatByteSize(everyone), formatByteSize(limits.maxUnfinishedSize), formatByteSize(length),
        username);
    return Error::of(errors::kUploadSpace,
                     "The uploads in progress here already take the space set aside for them (" +
                         formatByteSize(limits.maxUnfinishedSize) +
                         "), so this file cannot start now." + kTryLater);
  }
  insertRow(db, id, username, length, now);
  transaction.commit();
  return {};
}

void recordUpload(db::Connection& db, std::string_view id, std::string_view username,
                  std::uint64_t length, TimePoint now) {
  insertRow(db, id, username, length, now);
}

void releaseUpload(db::Connection& db, std::string_view id) {
  // A row a document took stays, so that a second save naming it is told so; it goes with the
  // housekeeping a day later.
  db.execute("DELETE FROM uploads WHERE id = ?1 AND taken_at IS NULL", id);
}

UploadState uploadState(db::Connection& db, std::string_view id, std::string_view username) {
  auto row = db.query("SELECT taken_at IS NOT NULL FROM uploads WHERE id = ?1 AND username = ?2",
                      id, username);
  if (!row.step()) {
    return UploadState::Unknown;
  }
  return row.boolean(0) ? UploadState::Taken : UploadState::Open;
}

bool takeUpload(db::Connection& db, std::string_view id, std::string_view username, TimePoint now) {
  return db.execute(
             "UPDATE uploads SET taken_at = ?3 WHERE id = ?1 AND username = ?2 AND taken_at IS "
             "NULL",
             id, username, now) == 1;
}

int forgetUploadsBefore(db::Connection& db, TimePoint before) {
  return db.execute("DELETE FROM uploads WHERE created_at < ?1", before);
}

std::optional<std::uint64_t> freeDiskSpace(const fs::path& folder) {
  fs::path at = folder;
  std::error_code error;
  while (!at.empty() && !fs::exists(at, error)) {
    at = at.parent_path();
  }
  struct statvfs disk {};
  if (::statvfs(at.empty() ? "." : at.c_str(), &disk) != 0) {
    return std::nullopt;
  }
  return static_cast<std::uint64_t>(disk.f_bavail) * disk.f_frsize;
}

Status checkDiskHeadroom(const fs::path& folder, std::uint64_t bytes, std::uint64_t headroom) {
  const auto free = freeDiskSpace(folder);
  if (!free) {
    return {};  // a disk that cannot be asked refuses by itself when it is full
  }
  if (*free >= headroom && *free - headroom >= bytes) {
    return {};
  }
  spdlog::warn("the disk of {} has {} free, and keeps {} free (uploads.diskHeadroom): {} refused",
               folder.string(), formatByteSize(*free), formatByteSize(headroom),
               formatByteSize(bytes));
  return Error::of(
      errors::kDiskFull,
      std::string("The server is short of disk space, so this file cannot be taken now.") +
          kTryLater);
}

}  // namespace dossier::documents
