#include "support/postgresql.hpp"

#include <atomic>
#include <cstdlib>
#include <stdexcept>
#include <unistd.h>

#include "core/crypto.hpp"
#include "db/migrations.hpp"
#include "db/postgresql/postgresql_connection.hpp"

namespace dossier::testing {

namespace {

std::unique_ptr<db::Connection> connect(const std::string& url) {
  return db::postgresql::PostgresqlConnection::open({url, "", std::chrono::minutes(5)});
}

// The template's name says which migrations it holds, so that a changed schema gets a new one;
// made once by whichever test process comes first, under a lock the others wait on.
std::string migratedTemplate(db::Connection& admin, const std::string& adminUrl) {
  std::string migrations;
  for (const auto& migration : db::postgresqlMigrations()) {
    migrations += db::migrationChecksum(migration);
  }
  const auto name = "dossier_template_" + sha256Hex(migrations).substr(0, 16);
  admin.execute("SELECT pg_advisory_lock(7001)");
  try {
    if (!admin.query("SELECT 1 FROM pg_database WHERE datname = ?1", name).step()) {
      admin.executeScript("CREATE DATABASE " + name);
      auto made = connect(withDatabaseName(adminUrl, name));
      auto applied = db::migrate(*made);
      if (!applied) {
        throw std::runtime_error(applied.error().message);
      }
    }
  } catch (...) {
    admin.execute("SELECT pg_advisory_unlock(7001)");
    throw;
  }
  admin.execute("SELECT pg_advisory_unlock(7001)");
  return name;
}

}  // namespace

std::optional<std::string> postgresqlAdminUrl() {
  const char* url = std::getenv("DOSSIER_TEST_POSTGRES_URL");
  if (url == nullptr || *url == '\0') {
    return std::nullopt;
  }
  return std::string(url);
}

bool storeTestsOnPostgresql() {
  const char* backend = std::getenv("DOSSIER_TEST_BACKEND");
  return backend != nullptr && std::string_view(backend) == "postgresql" &&
         postgresqlAdminUrl().has_value();
}

std::string withDatabaseName(const std::string& url, const std::string& name) {
  const auto scheme = url.find("://");
  if (scheme == std::string::npos) {
    throw std::invalid_argument("not a URL: " + url);
  }
  const auto pathStart = url.find('/', scheme + 3);
  const auto query = url.find('?', scheme + 3);
  const auto authorityEnd = std::min(pathStart, query);
  const auto rest = query == std::string::npos ? std::string() : url.substr(query);
  return url.substr(0, authorityEnd == std::string::npos ? url.size() : authorityEnd) + "/" + name +
         rest;
}

ScratchDatabase::ScratchDatabase(bool migrated) {
  const auto admin = postgresqlAdminUrl();
  if (!admin) {
    throw std::runtime_error("DOSSIER_TEST_POSTGRES_URL is not set");
  }
  static std::atomic<int> counter{0};
  name_ = "dossier_test_" + std::to_string(::getpid()) + "_" + std::to_string(++counter);
  auto connection = connect(*admin);
  if (migrated) {
    const auto from = migratedTemplate(*connection, *admin);
    connection->executeScript("CREATE DATABASE " + name_ + " TEMPLATE " + from);
  } else {
    connection->executeScript("CREATE DATABASE " + name_);
  }
  url_ = withDatabaseName(*admin, name_);
}

ScratchDatabase::~ScratchDatabase() {
  try {
    connect(*postgresqlAdminUrl())
        ->executeScript("DROP DATABASE IF EXISTS " + name_ + " WITH (FORCE)");
  } catch (const std::exception&) {
    // The throw-away server and all its databases go at the end of the run anyway.
  }
}

db::Location ScratchDatabase::location() const {
  db::Location location;
  location.url = url_;
  return location;
}

}  // namespace dossier::testing
