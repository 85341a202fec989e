#include "db/online_backup.hpp"

#include <chrono>
#include <memory>
#include <sqlite3.h>
#include <string>
#include <thread>

#include "db/database_error.hpp"

namespace dossier::db {

namespace {

// Pages per step: 4 MiB of 4 KiB pages, so that progress moves and a step is short.
constexpr int kPagesPerStep = 1024;
constexpr int kBusyTimeoutMs = 10000;

struct Closer {
  void operator()(sqlite3* handle) const { sqlite3_close_v2(handle); }
};
using Handle = std::unique_ptr<sqlite3, Closer>;

[[noreturn]] void fail(sqlite3* handle, const std::string& what,
                       const std::filesystem::path& file) {
  const int code = handle != nullptr ? sqlite3_extended_errcode(handle) : SQLITE_ERROR;
  const int primary = code & 0xFF;
  throw DatabaseError(
      what + " " + file.string() + ": " +
          (handle != nullptr ? sqlite3_errmsg(handle) : sqlite3_errstr(code)),
      primary == SQLITE_BUSY || primary == SQLITE_LOCKED ? Failure::Busy : Failure::Other, file);
}

Handle open(const std::filesystem::path& file, int flags, const char* what) {
  sqlite3* raw = nullptr;
  const int code = sqlite3_open_v2(file.c_str(), &raw, flags, nullptr);
  Handle handle(raw);
  if (code != SQLITE_OK) {
    fail(raw, what, file);
  }
  sqlite3_extended_result_codes(raw, 1);
  sqlite3_busy_timeout(raw, kBusyTimeoutMs);
  return handle;
}

void run(sqlite3* handle, const char* sql, const char* what, const std::filesystem::path& file) {
  if (sqlite3_exec(handle, sql, nullptr, nullptr, nullptr) != SQLITE_OK) {
    fail(handle, what, file);
  }
}

}  // namespace

void copySqliteDatabase(const std::filesystem::path& from, const std::filesystem::path& to,
                        const PageProgress& progress) {
  // Not created when missing: the caller says what to do about a database that is not there.
  auto source = open(from, SQLITE_OPEN_READWRITE, "cannot open");
  // The read transaction that fixes the moment copied; the backup's steps read within it.
  run(source.get(), "BEGIN; SELECT COUNT(*) FROM sqlite_schema;", "cannot read", from);
  auto target = open(to, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, "cannot create");
  auto* backup = sqlite3_backup_init(target.get(), "main", source.get(), "main");
  if (backup == nullptr) {
    fail(target.get(), "cannot copy into", to);
  }
  int code = SQLITE_OK;
  const auto waitUntil =
      std::chrono::steady_clock::now() + std::chrono::milliseconds(kBusyTimeoutMs);
  for (;;) {
    code = sqlite3_backup_step(backup, kPagesPerStep);
    const auto total = sqlite3_backup_pagecount(backup);
    progress(total - sqlite3_backup_remaining(backup), total);
    if (code == SQLITE_DONE) {
      break;
    }
    if (code == SQLITE_OK) {
      continue;
    }
    if ((code == SQLITE_BUSY || code == SQLITE_LOCKED) &&
        std::chrono::steady_clock::now() < waitUntil) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      continue;
    }
    break;
  }
  sqlite3_backup_finish(backup);
  if (code != SQLITE_DONE) {
    fail(target.get(), "cannot copy " + from.string() + " into", to);
  }
  run(source.get(), "COMMIT", "cannot end reading", from);
  // One self-contained file: the copy's pages out of its write-ahead log, if it had one.
  run(target.get(), "PRAGMA journal_mode=DELETE", "cannot finish", to);
}

}  // namespace dossier::db
