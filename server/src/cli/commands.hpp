#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace dossier::cli {

// Where the environments' configuration and data live; every command that opens an environment
// takes these.
struct Locations {
  std::string data = "./data";
  std::string environments = "./environments";
};

// The exit code of a command that found its database held by another process for longer than it
// waits (10 s): sysexits' EX_TEMPFAIL, "try again later".
inline constexpr int kExitDatabaseBusy = 75;

// Each subcommand of `dossier` is a function of its options that returns the exit code. The
// options are declared and parsed in one place, command_line.cpp.

struct ServeOptions {
  Locations locations;
  std::string webRoot = "./web/dist";
  std::string defaultEnvironment = "demo";
  std::string address = "127.0.0.1";
  unsigned short port = 8080;
  unsigned threads = 0;
  std::string logLevel = "info";
  std::string logFormat = "text";  // or json (core/logging.hpp)
  std::string processName;         // in JSON log lines; empty: host:pid
  // Who may read /metrics (app/metrics_access.hpp): address ranges, "none" for no address, and
  // a file holding a token.
  std::vector<std::string> metricsAllow = {"127.0.0.0/8", "::1/128"};
  std::string metricsTokenFile;
  // 0: as many as the process's file limit allows (http/server.hpp).
  std::size_t maxConnections = 0;
  std::size_t maxConnectionsPerAddress = 256;
  // Load balancers in front whose X-Forwarded-For is believed (http/forwarded_for.hpp).
  std::vector<std::string> trustedProxies;
};
int runServe(const ServeOptions& options);

struct UserOptions {
  Locations locations;
  std::string environment = "demo";
  std::string username;
  std::string displayName;
  bool mustChangePassword = false;
  std::string person;  // a person id, "none" to remove the link, empty to leave it
};
int runUserAdd(const UserOptions& options);
int runUserPasswd(const UserOptions& options);
int runUserDisable(const UserOptions& options, bool disabled);
int runUserLink(const UserOptions& options);
int runUserList(const UserOptions& options);
// Removes a user's two-step verification (a lost phone and no recovery codes): they sign in with
// the password alone, or set it up again where it is required; their sessions end.
int runUserResetTwoFactor(const UserOptions& options);
int runUserEndSessions(const UserOptions& options);
int runUserEndEverySession(const UserOptions& options);
int runUserForgetDirectoryAccounts(const UserOptions& options);

struct EnvironmentOptions {
  Locations locations;
  std::string environment;  // for migrate: empty means every one
};
int runMigrate(const EnvironmentOptions& options);
int runReindex(const EnvironmentOptions& options);

struct SeedOptions {
  Locations locations;
  std::string environment;
  std::int64_t persons = 0;
  std::int64_t cases = 0;
  std::int64_t documents = 0;
  std::uint64_t seed = 1;
};
int runSeed(const SeedOptions& options);

struct MigrateDataOptions {
  std::string from;  // the data folder the environment's SQLite database and blobs are in
  std::string environments = "./environments";
  std::string environment;
  std::string to;  // postgresql://…, as database.url
};
int runMigrateData(const MigrateDataOptions& options);

struct BackupOptions {
  Locations locations;
  std::string environment;
  std::string to;  // the backup file: .tar, .tar.gz or .tar.zst
};
int runBackup(const BackupOptions& options);

struct RestoreOptions {
  Locations locations;
  std::string from;         // the backup file
  std::string environment;  // empty: the name the backup has
  std::string databaseUrl;  // postgresql://…; empty: as the restored configuration names
  bool sqlite = false;      // into the SQLite file in the data folder, whatever it names
  bool verifyOnly = false;  // check the backup, restore nothing
};
int runRestore(const RestoreOptions& options);

int runVersion();

}  // namespace dossier::cli
