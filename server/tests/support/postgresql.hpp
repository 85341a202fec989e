#pragma once

#include <optional>
#include <string>

#include "db/location.hpp"

namespace dossier::testing {

// The administrator's URL of the throw-away PostgreSQL that the test script starts
// (DOSSIER_TEST_POSTGRES_URL), when it started one.
std::optional<std::string> postgresqlAdminUrl();

// True when the tests that use an environment's database should use PostgreSQL rather than an
// SQLite file: DOSSIER_TEST_BACKEND=postgresql, with a throw-away server to use.
bool storeTestsOnPostgresql();

// The same URL naming another database on the same server.
std::string withDatabaseName(const std::string& url, const std::string& name);

// A fresh database on the throw-away server, migrated to the current schema (copied from a
// template database made once for this schema), dropped when it goes.
class ScratchDatabase {
 public:
  // Empty (not migrated) when asked: for tests of migrations themselves.
  explicit ScratchDatabase(bool migrated = true);
  ~ScratchDatabase();
  ScratchDatabase(const ScratchDatabase&) = delete;
  ScratchDatabase& operator=(const ScratchDatabase&) = delete;

  const std::string& url() const { return url_; }
  const std::string& name() const { return name_; }
  db::Location location() const;

 private:
  std::string name_;
  std::string url_;
};

}  // namespace dossier::testing
