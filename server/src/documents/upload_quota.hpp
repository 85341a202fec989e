#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string_view>

#include "config/environment_config.hpp"
#include "core/clock.hpp"
#include "core/result.hpp"

namespace dossier::db {
class Connection;
}

namespace dossier::documents {

// What uploads hold before they become documents (environment.yaml's uploads section). Every
// upload has a row in the database (table uploads) from its creation: uploads not yet taken by a
// document count, at the length they announced, against the person's limits and the
// environment's. The count is made in the transaction that adds the row (SQLite's write lock, and
// later a database shared by several processes), so uploads begun at the same moment cannot
// overshoot a limit together.

// Adds the row of a new upload if the person's uploads and everyone's still leave room for
// `length` bytes: 429 documents.upload_quota when the person has too many or too much waiting,
// 507 documents.upload_space when everyone's together would pass the environment's ceiling.
Status reserveUpload(db::Connection& db, const config::UploadLimits& limits, std::string_view id,
                     std::string_view username, std::uint64_t length, TimePoint now);

// The row of an upload the server makes itself (a task's letter), held by no limit: it is filed in
// the same call.
void recordUpload(db::Connection& db, std::string_view id, std::string_view username,
                  std::uint64_t length, TimePoint now);

// The upload is gone (cancelled, refused): its share is free at once. The row of one a document
// took stays until forgotten.
void releaseUpload(db::Connection& db, std::string_view id);

enum class UploadState { Open, Taken, Unknown };
// Whether the person's upload is still to be filed, was taken by a document, or is not known.
UploadState uploadState(db::Connection& db, std::string_view id, std::string_view username);

// Marks the person's upload as taken by a document, in the caller's transaction: true exactly once
// per upload, so that one upload never becomes two documents, even by two saves at once.
bool takeUpload(db::Connection& db, std::string_view id, std::string_view username, TimePoint now);

// Forgets rows of uploads begun before `before` (their folders are swept at the same age).
int forgetUploadsBefore(db::Connection& db, TimePoint before);

// The disk of `folder` (or of the nearest folder above it that exists) must keep `headroom` bytes
// free after `bytes` more are written: 507 documents.disk_full otherwise. The free space is the
// space an unprivileged process may use.
Status checkDiskHeadroom(const std::filesystem::path& folder, std::uint64_t bytes,
                         std::uint64_t headroom);

// The free space an unprivileged process may use on the disk of `folder` (or of the nearest
// folder above it that exists); nothing when it cannot be told.
std::optional<std::uint64_t> freeDiskSpace(const std::filesystem::path& folder);

}  // namespace dossier::documents
