#include <filesystem>
#include <fstream>
#include <functional>

#include <gtest/gtest.h>

#include "backup/backup_error.hpp"
#include "backup/create_backup.hpp"
#include "backup/manifest.hpp"
#include "backup/restore_backup.hpp"
#include "backup/tar_archive.hpp"
#include "backup/verify_backup.hpp"
#include "blobs/blob_store.hpp"
#include "blobs/file_blob_store.hpp"
#include "db/connection.hpp"
#include "db/identifiers.hpp"
#include "db/location.hpp"
#include "db/migrations.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"
#include "support/postgresql.hpp"
#include "support/temp_folder.hpp"
#include "support/test_environment.hpp"

namespace dossier::backup {
namespace {

namespace fs = std::filesystem;
using dossier::testing::ScratchDatabase;
using dossier::testing::TempFolder;
using dossier::testing::TestEnvironment;

const std::string kLetter = "The first letter of the complaint.";
const std::string kReply = "A reply, sent a week later.";

std::int64_t countOf(db::Connection& db, const std::string& table) {
  auto rows = db.query("SELECT COUNT(*) FROM " + db::quotedIdentifier(table));
  rows.step();
  return rows.integer(0);
}

std::string errorOf(const std::function<void()>& action) {
  try {
    action();
  } catch (const std::runtime_error& error) {  // BackupError, or migrate-data's MoveError
    return error.what();
  }
  return "";
}

void noProgress(const std::string&, std::int64_t, std::int64_t) {}

// An environment with a user signed in, a case and a document of two versions, backed up and
// restored on the backend the store tests run on: into a fresh folder and its SQLite file, or a
// fresh PostgreSQL database.
class BackupRestoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    configuration.write("environment.yaml", "displayName: Backed up\n");
    configuration.write("notes/owner.txt", "Ask Ann about this environment.");
    letterBlob = source.environment().blobs().put(kLetter).value().sha256;
    replyBlob = source.environment().blobs().put(kReply).value().sha256;
    auto db = source.db().acquire();
    db::Transaction transaction(*db);
    const char* at = "2024-05-01T09:00:00Z";
    db->execute(
        "INSERT INTO users (id, username, display_name, password_hash, created_at, updated_at) "
        "VALUES (4, 'ann', 'Ann Example', '$argon2id$v=19$hash', ?1, ?1)",
        at);
    db->execute(
        "INSERT INTO sessions (id, token_hash, user_id, created_at, last_seen_at, expires_at) "
        "VALUES (3, 'token', 4, ?1, ?1, ?1)",
        at);
    db->execute(
        "INSERT INTO cases (id, guid, case_number, type_ref, status, display_name, fields, "
        "created_by, created_by_name, created_at, modified_by_name, modified_at) VALUES (20, "
        "'c-20', 'CMP20', 'COMP', 'OPEN', 'Case 20', '{}', 4, 'ann', ?1, 'ann', ?1)",
        at);
    db->execute(
        "INSERT INTO documents (id, guid, case_id, ext_ref_type, title, ext_ref_filename, "
        "created_by_name, created_at, modified_by_name, modified_at, current_version_id) VALUES "
        "(30, 'd-30', 20, 'Electronic', 'Letter', 'letter.txt', 'ann', ?1, 'ann', ?1, 41)",
        at);
    db->execute(
        "INSERT INTO document_versions (id, document_id, major, minor, file_name, blob, file_size, "
        "file_type, media_type, created_by_name, created_at) VALUES (40, 30, 1, 0, 'letter.txt', "
        "?1, ?2, 'txt', 'text/plain', 'ann', ?4), (41, 30, 2, 0, 'reply.txt', ?3, ?5, 'txt', "
        "'text/plain', 'ann', ?4)",
        letterBlob, static_cast<std::int64_t>(kLetter.size()), replyBlob, at,
        static_cast<std::int64_t>(kReply.size()));
    transaction.commit();
  }

  db::Location sourceLocation() {
    db::Location location;
    if (source.db().local()) {
      location.file = source.folder().path() / "dossier.db";
    } else {
      location.url = "postgresql://the-scratch-database";  // only its kind is read
    }
    return location;
  }

  BackupReport backUp(const fs::path& file, const Progress& progress = noProgress) {
    const auto location = sourceLocation();
    return createBackup({"demo", configuration.path(), source.db(), location,
                         source.environment().blobs(), "dossier migrate"},
                        file, progress);
  }

  RestoreTarget target() {
    RestoreTarget restore{work.path() / "environments", work.path() / "data", "", "", false};
    if (dossier::testing::storeTestsOnPostgresql()) {
      restore.databaseUrl = scratch->url();
    }
    return restore;
  }

  std::unique_ptr<db::Pool> restoredDatabase() {
    if (dossier::testing::storeTestsOnPostgresql()) {
      return db::Pool::open(scratch->location(), 2);
    }
    return db::Pool::openSqlite(work.path() / "data" / "demo" / "dossier.db", 2);
  }

  TempFolder configuration;
  TempFolder work;
  TestEnvironment source;
  // An empty database to restore into, when the store tests run on PostgreSQL.
  std::unique_ptr<ScratchDatabase> scratch = dossier::testing::storeTestsOnPostgresql()
                                                 ? std::make_unique<ScratchDatabase>(false)
                                                 : nullptr;
  std::string letterBlob;
  std::string replyBlob;
};

TEST_F(BackupRestoreTest, ARestoreHoldsTheRowsTheDocumentsContentAndTheConfigurationBackedUp) {
  const auto file = work.path() / "demo.tar.zst";
  const auto backedUp = backUp(file);
  EXPECT_TRUE(backedUp.verification.problems.empty());
  EXPECT_EQ(backedUp.manifest.environment, "demo");
  EXPECT_EQ(backedUp.manifest.tables.at("cases"), 1);
  EXPECT_EQ(backedUp.manifest.blobs, 2);
  EXPECT_EQ(backedUp.manifest.blobBytes, kLetter.size() + kReply.size());
  EXPECT_EQ(backedUp.configurationFiles, 2);
  EXPECT_FALSE(fs::exists(file.string() + ".partial"));
  EXPECT_FALSE(fs::exists(file.string() + ".partial.db"));

  const auto restored = restoreBackup(file, target(), noProgress);
  EXPECT_EQ(restored.environment, "demo");
  EXPECT_EQ(restored.blobs, 2);
  EXPECT_EQ(restored.beforeServing,
            dossier::testing::storeTestsOnPostgresql()
                ? "Its configuration names no PostgreSQL database (the "
                  "server would open an SQLite file): set database.url: \"" +
                      scratch->url() + "\" in " +
                      (work.path() / "environments" / "demo" / "environment.yaml").string() +
                      ", or the variable DOSSIER_DEMO_DATABASE_URL, "
                      "before starting the server."
                : "");
  {
    auto pool = restoredDatabase();
    auto db = pool->acquire();
    EXPECT_EQ(countOf(*db, "users"), 1);
    EXPECT_EQ(countOf(*db, "cases"), 1);
    EXPECT_EQ(countOf(*db, "document_versions"), 2);
    EXPECT_EQ(countOf(*db, "sessions"), 0) << "everyone signs in again";
    auto stores = environments::storesFor(*pool, work.path() / "data" / "demo");
    EXPECT_EQ(stores.blobs->read(letterBlob).value(), kLetter);
    EXPECT_EQ(stores.blobs->read(replyBlob).value(), kReply);
  }
  std::ifstream yaml(work.path() / "environments" / "demo" / "environment.yaml");
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(yaml), {}), "displayName: Backed up\n");
  EXPECT_TRUE(fs::is_regular_file(work.path() / "environments" / "demo" / "notes/owner.txt"));
  EXPECT_TRUE(fs::is_directory(work.path() / "data" / "demo" / "index"));
  EXPECT_FALSE(fs::exists(work.path() / "data" / ".restoring-demo"));
  EXPECT_FALSE(fs::exists(work.path() / "environments" / ".restoring-demo"));
}

TEST_F(BackupRestoreTest, WhatIsWrittenWhileTheDatabaseIsCopiedIsNotInTheBackup) {
  const auto file = work.path() / "demo.tar";
  bool wrote = false;
  // Once the copy has begun: between two steps of SQLite's copy, after the first count of
  // PostgreSQL's.
  const auto report = backUp(file, [&](const std::string& step, std::int64_t, std::int64_t total) {
    if (wrote || !step.starts_with("Copying") || total == 0) {
      return;
    }
    wrote = true;
    auto db = source.db().acquire();
    db->execute(
        "INSERT INTO cases (id, guid, case_number, type_ref, status, display_name, fields, "
        "created_by_name, created_at, modified_by_name, modified_at) VALUES (21, 'c-21', "
        "'CMP21', 'COMP', 'OPEN', 'Case 21', '{}', 'ann', 'now', 'ann', 'now')");
  });
  ASSERT_TRUE(wrote);
  EXPECT_EQ(report.manifest.tables.at("cases"), 1);
  restoreBackup(file, target(), noProgress);
  auto pool = restoredDatabase();
  auto db = pool->acquire();
  EXPECT_EQ(countOf(*db, "cases"), 1);
}

TEST_F(BackupRestoreTest, ABlobTheStoreLacksStopsTheBackupAndLeavesNoFile) {
  if (source.db().local()) {
    fs::remove(
        *dynamic_cast<blobs::FileBlobStore&>(source.environment().blobs()).pathOf(replyBlob));
  } else {
    auto db = source.db().acquire();
    db->execute("DELETE FROM stored_blobs WHERE sha256 = ?1", replyBlob);
  }
  const auto file = work.path() / "demo.tar.gz";
  const auto message = errorOf([&] { backUp(file); });
  EXPECT_NE(
      message.find("The blob store lacks the content of 1 blob that document versions name (" +
                   replyBlob + "), so no backup was written"),
      std::string::npos)
      << message;
  EXPECT_TRUE(fs::is_empty(work.path()));
}

TEST_F(BackupRestoreTest, AnExistingFileIsNotReplaced) {
  const auto file = work.path() / "demo.tar";
  { std::ofstream(file) << "last week's backup"; }
  EXPECT_EQ(errorOf([&] { backUp(file); }),
            file.string() + " already exists: name a new file. A backup never replaces one.");
}

TEST_F(BackupRestoreTest, ADamagedMemberIsFoundByTheVerification) {
  const auto file = work.path() / "demo.tar";
  backUp(file);
  {
    std::fstream bytes(file, std::ios::in | std::ios::out | std::ios::binary);
    const std::string content((std::istreambuf_iterator<char>(bytes)), {});
    const auto at = content.find("displayName: Backed up");
    ASSERT_NE(at, std::string::npos);
    bytes.seekp(static_cast<std::streamoff>(at));
    bytes.put('D');
  }
  const auto verification = verifyBackup(file, work.path(), noProgress);
  ASSERT_EQ(verification.problems.size(), 1u);
  EXPECT_NE(verification.problems[0].find(
                "is damaged: its member configuration/environment.yaml has 23 bytes with SHA-256"),
            std::string::npos)
      << verification.problems[0];
  EXPECT_NE(errorOf([&] {
              restoreBackup(file, target(), noProgress);
            }).find("is damaged: its member configuration/environment.yaml"),
            std::string::npos);
  EXPECT_FALSE(fs::exists(work.path() / "environments" / "demo"));
  EXPECT_FALSE(fs::exists(work.path() / "data" / "demo"));
}

TEST_F(BackupRestoreTest, AFreshTargetOnlyAndNothingWrittenWhenItIsNot) {
  const auto file = work.path() / "demo.tar";
  backUp(file);
  fs::create_directories(work.path() / "data" / "demo");
  { std::ofstream(work.path() / "data" / "demo" / "dossier.db") << "someone's database"; }
  EXPECT_EQ(errorOf([&] { restoreBackup(file, target(), noProgress); }),
            "The data folder " + (work.path() / "data" / "demo").string() +
                " already exists and is not empty: restore writes only into a fresh one, and "
                "wrote nothing. Move it away (or restore under another name with --env, or into "
                "another folder with --data).");
  EXPECT_FALSE(fs::exists(work.path() / "environments" / "demo"));

  // Under another name, it is fresh.
  auto elsewhere = target();
  elsewhere.environment = "demo-drill";
  const auto restored = restoreBackup(file, elsewhere, noProgress);
  EXPECT_EQ(restored.environment, "demo-drill");
  EXPECT_TRUE(fs::exists(work.path() / "environments" / "demo-drill" / "environment.yaml"));
}

TEST_F(BackupRestoreTest, ADatabaseHoldingDataIsRefusedAndTheFoldersAreLeftAsTheyWere) {
  if (!dossier::testing::storeTestsOnPostgresql()) {
    GTEST_SKIP() << "an SQLite target is a file in the data folder, refused with its folder";
  }
  const auto file = work.path() / "demo.tar";
  backUp(file);
  restoreBackup(file, target(), noProgress);
  auto again = target();
  again.environmentsFolder = work.path() / "other-environments";
  again.dataFolder = work.path() / "other-data";
  const auto message = errorOf([&] { restoreBackup(file, again, noProgress); });
  EXPECT_NE(message.find("already holds data (cases: 1 row, documents: 1 row, document_versions: "
                         "2 rows, users: 1 row); restore writes only into a database without any, "
                         "and wrote nothing."),
            std::string::npos)
      << message;
  EXPECT_FALSE(fs::exists(work.path() / "other-environments" / "demo"));
  EXPECT_FALSE(fs::exists(work.path() / "other-data" / "demo"));
}

TEST_F(BackupRestoreTest, ABackupOfANewerSchemaIsRefusedBeforeAnythingIsWritten) {
  const auto file = work.path() / "future.tar";
  Manifest manifest;
  manifest.dossierVersion = "9.0.0 Build 20300101.fffffff";
  manifest.environment = "demo";
  manifest.createdAt = "2030-01-01T00:00:00.000Z";
  manifest.sourceDatabase = "sqlite";
  manifest.schemaVersion = 999;
  {
    ArchiveWriter archive(file, Compression::None);
    archive.add(kManifestMember, toJson(manifest));
    archive.close();
  }
  const auto message = errorOf([&] { restoreBackup(file, target(), noProgress); });
  EXPECT_NE(message.find(file.string() +
                         " was written by dossier 9.0.0 Build 20300101.fffffff at schema version "
                         "999; this dossier knows schema versions up to "),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("Restore it with dossier 9.0.0 Build 20300101.fffffff or newer."),
            std::string::npos);
  EXPECT_FALSE(fs::exists(work.path() / "environments"));
  EXPECT_FALSE(fs::exists(work.path() / "data"));
}

// A backup made by an older dossier: its database is brought up to this schema version.
TEST_F(BackupRestoreTest, ABackupOfAnOlderSchemaIsBroughtUpToDate) {
  const auto older = work.path() / "older" / "dossier.db";
  fs::create_directories(older.parent_path());
  const auto migrations = db::sqliteMigrations();
  const int previous = migrations[migrations.size() - 2].number;
  {
    auto pool = db::Pool::openSqlite(older, 1);
    auto db = pool->acquire();
    ASSERT_TRUE(db::migrate(*db, migrations.first(migrations.size() - 1)));
  }
  auto pool = db::Pool::openSqlite(older, 1);
  db::Location location;
  location.file = older;
  blobs::FileBlobStore store(work.path() / "older" / "blobs");
  const auto file = work.path() / "older.tar";
  const auto report = createBackup(
      {"demo", configuration.path(), *pool, location, store, "dossier migrate"}, file, noProgress);
  EXPECT_EQ(report.manifest.schemaVersion, previous);
  const auto restored = restoreBackup(file, target(), noProgress);
  EXPECT_EQ(restored.migratedFrom, previous);
  auto restoredPool = restoredDatabase();
  auto db = restoredPool->acquire();
  auto rows = db->query("SELECT MAX(number) FROM schema_migrations");
  rows.step();
  EXPECT_EQ(rows.integer(0), migrations.back().number);
}

}  // namespace
}  // namespace dossier::backup
