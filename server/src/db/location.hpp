#pragma once

#include <chrono>
#include <filesystem>
#include <string>

#include "db/dialect.hpp"

namespace dossier::db {

// Where an environment's database is: an SQLite file (the default), or a PostgreSQL database named
// by a connection URL.
struct Location {
  std::filesystem::path file;
  std::string url;
  std::string password;
  std::chrono::milliseconds statementTimeout{60'000};

  Dialect dialect() const { return url.empty() ? Dialect::Sqlite : Dialect::Postgresql; }
};

}  // namespace dossier::db
