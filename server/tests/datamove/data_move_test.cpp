#include "datamove/data_move.hpp"

#include <algorithm>
#include <filesystem>

#include <gtest/gtest.h>

#include "blobs/blob_store.hpp"
#include "blobs/file_blob_store.hpp"
#include "core/crypto.hpp"
#include "datamove/move_error.hpp"
#include "db/connection.hpp"
#include "db/identifiers.hpp"
#include "db/migrations.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"
#include "support/postgresql.hpp"
#include "support/temp_folder.hpp"

namespace dossier::datamove {
namespace {

using dossier::testing::ScratchDatabase;
using dossier::testing::TempFolder;

const std::string kFirstContent = "The first letter of the complaint.";
const std::string kSecondContent = "A reply, sent a week later.";

// Every row of a table as text, in one order, for comparing two databases.
std::vector<std::vector<std::string>> rowsOf(db::Connection& db, const db::SchemaTable& table) {
  std::string columns;
  for (const auto& column : table.columns) {
    columns += (columns.empty() ? "" : ", ") + db::quotedIdentifier(column.name);
  }
  std::vector<std::vector<std::string>> rows;
  auto query = db.query("SELECT " + columns + " FROM " + db::quotedIdentifier(table.name));
  while (query.step()) {
    std::vector<std::string> row;
    for (std::size_t i = 0; i < table.columns.size(); ++i) {
      row.push_back(query.isNull(static_cast<int>(i)) ? "<null>" : query.text(static_cast<int>(i)));
    }
    rows.push_back(std::move(row));
  }
  std::sort(rows.begin(), rows.end());
  return rows;
}

std::int64_t countOf(db::Connection& db, const std::string& table) {
  auto rows = db.query("SELECT COUNT(*) FROM " + db::quotedIdentifier(table));
  rows.step();
  return rows.integer(0);
}

// An environment on SQLite with a little of everything, ids not starting at 1, moved to a scratch
// PostgreSQL database with a blob store of its own.
class DataMoveTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!dossier::testing::storeTestsOnPostgresql()) {
      GTEST_SKIP() << "runs with DOSSIER_TEST_BACKEND=postgresql where the test script started a "
                      "PostgreSQL";
    }
    sourceFolder = folder.path() / "from" / "demo";
    targetFolder = folder.path() / "to" / "demo";
    std::filesystem::create_directories(sourceFolder);
    source = db::Pool::openSqlite(sourceFolder / "dossier.db", 1);
    {
      auto db = source->acquire();
      ASSERT_TRUE(db::migrate(*db));
    }
    sourceStores = environments::storesFor(*source, sourceFolder);
    scratch = std::make_unique<ScratchDatabase>(false);
    target = db::Pool::open(scratch->location(), kTargetConnections);
    targetStores = environments::storesFor(*target, targetFolder);
  }

  void fillSource() {
    firstBlob = sourceStores.blobs->put(kFirstContent).value().sha256;
    secondBlob = sourceStores.blobs->put(kSecondContent).value().sha256;
    auto db = source->acquire();
    db::Transaction transaction(*db);
    const char* at = "2024-05-01T09:00:00Z";
    for (const auto& [id, name] : {std::pair{4, "ann"}, std::pair{9, "bob"}}) {
      db->execute(
          "INSERT INTO users (id, username, display_name, password_hash, created_at, updated_at) "
          "VALUES (?1, ?2, ?3, ?4, ?5, ?5)",
          id, name, std::string(name) + " Example", "$argon2id$v=19$hash-of-" + std::string(name),
          at);
    }
    db->execute(
        "INSERT INTO sessions (id, token_hash, user_id, created_at, last_seen_at, expires_at) "
        "VALUES (3, 'token', 4, ?1, ?1, ?1)",
        at);
    db->execute(
        "INSERT INTO persons (id, guid, type_ref, display_name, fields, created_by_name, "
        "created_at, modified_by_name, modified_at) VALUES (12, 'p-12', 'IND', 'Jo Bloggs', '{}', "
        "'ann', ?1, 'ann', ?1)",
        at);
    for (const int id : {20, 21}) {
      db->execute(
          "INSERT INTO cases (id, guid, case_number, type_ref, status, display_name, fields, "
          "created_by, created_by_name, created_at, modified_by_name, modified_at) VALUES (?1, ?2, "
          "?3, 'COMP', 'OPEN', ?4, '{\"urgent\":true}', 4, 'ann', ?5, 'ann', ?5)",
          id, "c-" + std::to_string(id), "CMP" + std::to_string(id), "Case " + std::to_string(id),
          at);
    }
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
        firstBlob, static_cast<std::int64_t>(kFirstContent.size()), secondBlob, at,
        static_cast<std::int64_t>(kSecondContent.size()));
    db->execute(
        "INSERT INTO comments (id, guid, owner_kind, owner_id, comment_html, comment_text, "
        "created_by_name, created_at, modified_by_name, modified_at) VALUES (50, 'm-50', 'case', "
        "20, '<p>Called back</p>', 'Called back', 'ann', ?1, 'ann', ?1)",
        at);
    db->execute(
        "INSERT INTO notifications (id, user_id, type, message, source, created_at) VALUES (60, "
        "9, 'info', 'A case was given to you', 'cases', ?1)",
        at);
    db->execute(
        "INSERT INTO entity_audit (id, entity_kind, entity_id, at, user_id, username, "
        "user_display_name, action, changes) VALUES (70, 'case', 20, ?1, 4, 'ann', 'Ann', "
        "'created', '[]')",
        at);
    db->execute(
        "INSERT INTO change_log (seq, entity_kind, entity_id, operation, at) VALUES (80, 'case', "
        "20, 'upsert', ?1), (81, 'case', 21, 'upsert', ?1)",
        at);
    db->execute(
        "INSERT INTO task_steps (id, entity_kind, entity_id, task_id, step_id, position, status, "
        "at) VALUES (90, 'case', 20, 'review', 'read', 1, 'C', ?1)",
        at);
    db->execute(
        "INSERT INTO macro_choices (correlation_id, session_id, entity_kind, entity_id, task_id, "
        "step_id, request, picks, created_at) VALUES ('x', 3, 'case', 20, 'review', 'read', '{}', "
        "'[]', ?1)",
        at);
    db->execute("INSERT INTO environment_state (key, value) VALUES ('samples_stored_at', ?1)", at);
    transaction.commit();
  }

  MoveReport move(MoveOptions options = {}) {
    return moveData({*source, *sourceStores.blobs}, {*target, *targetStores.blobs}, options);
  }

  void expectEveryCopiedTableAlike() {
    auto from = source->acquire();
    auto to = target->acquire();
    int compared = 0;
    for (const auto& table : from->describeSchema()) {
      // Not copied; the target's blob store fills its own tables (checked blob by blob below).
      if (table.name == "schema_migrations" || table.name == "sessions" ||
          table.name == "macro_choices" || table.name.starts_with("stored_")) {
        continue;
      }
      EXPECT_EQ(rowsOf(*to, table), rowsOf(*from, table)) << table.name;
      ++compared;
    }
    EXPECT_GT(compared, 25);
  }

  TempFolder folder;
  std::filesystem::path sourceFolder;
  std::filesystem::path targetFolder;
  std::unique_ptr<db::Pool> source;
  environments::Stores sourceStores;
  std::unique_ptr<ScratchDatabase> scratch;
  std::unique_ptr<db::Pool> target;
  environments::Stores targetStores;
  std::string firstBlob;
  std::string secondBlob;
};

TEST_F(DataMoveTest, EveryTableArrivesWithItsRowsAndIdsAsTheyWere) {
  fillSource();
  const auto report = move();
  EXPECT_TRUE(report.differences.empty()) << report.differences.front();
  expectEveryCopiedTableAlike();
  auto from = source->acquire();
  auto to = target->acquire();
  EXPECT_EQ(countOf(*to, "cases"), 2);
  EXPECT_EQ(countOf(*to, "document_versions"), 2);
  EXPECT_EQ(report.rows, countOf(*from, "users") + countOf(*from, "cases") +
                             countOf(*from, "persons") + countOf(*from, "documents") + 2 + 1 + 1 +
                             1 + 2 + 1 + 1);
}

TEST_F(DataMoveTest, TablesLargerThanAPageArriveWholeWhetherKeyedByOneColumnOrSeveral) {
  fillSource();
  {
    auto db = source->acquire();
    db::Transaction transaction(*db);
    for (int id = 100; id < 117; ++id) {
      db->execute(
          "INSERT INTO persons (id, guid, type_ref, display_name, fields, created_by_name, "
          "created_at, modified_by_name, modified_at) VALUES (?1, ?2, 'IND', ?3, ?4, 'ann', "
          "'2024-05-01T09:00:00Z', 'ann', '2024-05-01T09:00:00Z')",
          id, "p-" + std::to_string(id), "Person " + std::to_string(id),
          // Rows of very different sizes, so that pages shrink and grow again.
          "{\"notes\":\"" + std::string(id % 5 == 0 ? 5000 : 10, 'x') + "\"}");
      for (const char* kind : {"case", "person"}) {
        db->execute(
            "INSERT INTO recent_records (user_id, entity_kind, entity_id, opened_at) VALUES (?1, "
            "?2, ?3, '2024-05-01T09:00:00Z')",
            id % 2 == 0 ? 4 : 9, kind, id);
      }
    }
    transaction.commit();
  }
  MoveOptions options;
  // Pages of three rows at most, and of one when a row is larger than a batch's bytes.
  options.batches = {3, 1000};
  const auto report = move(options);
  EXPECT_TRUE(report.differences.empty()) << report.differences.front();
  expectEveryCopiedTableAlike();
  auto to = target->acquire();
  EXPECT_EQ(countOf(*to, "persons"), 18);
  EXPECT_EQ(countOf(*to, "recent_records"), 34);
}

TEST_F(DataMoveTest, SessionsAndWhatHangsOnThemAreDropped) {
  fillSource();
  const auto report = move();
  auto to = target->acquire();
  EXPECT_EQ(countOf(*to, "sessions"), 0);
  EXPECT_EQ(countOf(*to, "macro_choices"), 0);
  const auto sessions =
      std::ranges::find(report.tables, std::string("sessions"), &TableCount::table);
  ASSERT_NE(sessions, report.tables.end());
  EXPECT_EQ(sessions->source, 1);
  EXPECT_FALSE(sessions->notCopiedBecause.empty());
}

TEST_F(DataMoveTest, NewRowsOnTheTargetGetTheNextIds) {
  fillSource();
  (void)move();
  auto to = target->acquire();
  EXPECT_EQ(to->insertReturning(
                "INSERT INTO cases (guid, case_number, type_ref, status, display_name, fields, "
                "created_by_name, created_at, modified_by_name, modified_at) VALUES ('c-new', "
                "'CMP99', 'COMP', 'OPEN', 'New', '{}', 'ann', 'x', 'ann', 'x') RETURNING id"),
            22);
  EXPECT_EQ(to->insertReturning("INSERT INTO users (username, display_name, created_at, "
                                "updated_at) VALUES ('cy', 'Cy', 'x', 'x') RETURNING id"),
            10);
  EXPECT_EQ(to->insertReturning("INSERT INTO change_log (entity_kind, entity_id, operation, at) "
                                "VALUES ('case', 22, 'upsert', 'x') RETURNING seq"),
            82);
  // A table nothing was copied into starts at 1.
  EXPECT_EQ(to->insertReturning("INSERT INTO macro_runs (at, script, event, type_ref, username, "
                                "outcome, milliseconds) VALUES ('x', 's', 'e', 't', 'u', 'ok', 1) "
                                "RETURNING id"),
            1);
}

TEST_F(DataMoveTest, EveryBlobIsInTheTargetStoreWithTheHashItIsNamedBy) {
  fillSource();
  const auto report = move();
  EXPECT_EQ(report.blobs, 2);
  EXPECT_EQ(report.blobsWritten, 2);
  EXPECT_EQ(targetStores.blobs->read(firstBlob).value(), kFirstContent);
  EXPECT_EQ(sha256Hex(targetStores.blobs->read(secondBlob).value()), secondBlob);
}

TEST_F(DataMoveTest, ABlobTheTargetStoreHoldsIsNotWrittenAgain) {
  fillSource();
  // A store that may hold blobs before the database holds a row: files in a folder.
  blobs::FileBlobStore files(targetFolder / "kept-blobs");
  ASSERT_TRUE(files.put(kFirstContent));
  const auto report = moveData({*source, *sourceStores.blobs}, {*target, files}, {});
  EXPECT_EQ(report.blobsWritten, 1);
  EXPECT_EQ(report.blobBytesWritten, kSecondContent.size());
  EXPECT_TRUE(report.differences.empty());
}

TEST_F(DataMoveTest, ATargetHoldingDataIsRefusedAndNothingIsWritten) {
  fillSource();
  {
    auto to = target->acquire();
    ASSERT_TRUE(db::migrate(*to));
    to->execute(
        "INSERT INTO users (username, display_name, created_at, updated_at) VALUES ('zed', 'Zed', "
        "'x', 'x')");
  }
  try {
    (void)move();
    FAIL() << "the move went ahead";
  } catch (const MoveError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("already holds data (users: 1 row)"), std::string::npos) << message;
    EXPECT_NE(message.find(scratch->name()), std::string::npos) << message;
  }
  auto to = target->acquire();
  EXPECT_EQ(countOf(*to, "users"), 1);
  EXPECT_EQ(countOf(*to, "cases"), 0);
  EXPECT_FALSE(targetStores.blobs->contains(firstBlob));
}

TEST_F(DataMoveTest, ASourceAtAnOlderSchemaVersionIsSentToMigrateFirst) {
  {
    auto db = source->acquire();
    db->execute(
        "DELETE FROM schema_migrations WHERE number = (SELECT MAX(number) FROM "
        "schema_migrations)");
  }
  try {
    (void)move();
    FAIL() << "the move went ahead";
  } catch (const MoveError& e) {
    EXPECT_NE(std::string(e.what()).find("dossier migrate"), std::string::npos) << e.what();
  }
}

TEST_F(DataMoveTest, VerificationNamesATableAndABlobThatDiffer) {
  fillSource();
  ASSERT_TRUE(move().differences.empty());
  {
    auto to = target->acquire();
    to->execute("DELETE FROM comments WHERE id = 50");
  }
  static constexpr std::string_view kTampered = "something else";
  {
    // The blob's bytes changed where the target's store keeps them: its database.
    auto to = target->acquire();
    to->execute(
        "UPDATE stored_blob_chunks SET data = ?1 WHERE blob_id = (SELECT id FROM stored_blobs "
        "WHERE sha256 = ?2)",
        db::Bytes{std::span<const char>(kTampered)}, firstBlob);
    ASSERT_EQ(to->changes(), 1);
  }

  const auto differences =
      verifyMove({*source, *sourceStores.blobs}, {*target, *targetStores.blobs}, [](auto&&...) {});
  ASSERT_EQ(differences.size(), 2u);
  EXPECT_NE(differences[0].find("table comments: 1 row in the source, 0 rows in the target"),
            std::string::npos)
      << differences[0];
  EXPECT_NE(differences[1].find("blob " + firstBlob + " reads back from the target with SHA-256"),
            std::string::npos)
      << differences[1];
}

TEST_F(DataMoveTest, ATableReferringToItselfIsCopiedWhateverTheOrderOfItsRows) {
  {
    auto db = source->acquire();
    db->executeScript(
        "CREATE TABLE folders (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES folders(id), "
        "name TEXT NOT NULL);"
        // Copied in the order of their ids, the leaf would come before its branch.
        "INSERT INTO folders VALUES (2, NULL, 'root'); INSERT INTO folders VALUES (3, 2, 'branch');"
        "INSERT INTO folders VALUES (1, 3, 'leaf');");
  }
  {
    auto to = target->acquire();
    ASSERT_TRUE(db::migrate(*to));
    to->executeScript(
        "CREATE TABLE folders (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, parent_id "
        "BIGINT REFERENCES folders(id), name TEXT NOT NULL)");
  }
  const auto report = move();
  EXPECT_TRUE(report.differences.empty());
  auto from = source->acquire();
  auto to = target->acquire();
  const db::SchemaTable folders{
      "folders",
      {{"id", "integer", true, 1}, {"parent_id", "integer", false, 0}, {"name", "text", true, 0}},
      {},
      {}};
  EXPECT_EQ(rowsOf(*to, folders), rowsOf(*from, folders));
}

}  // namespace
}  // namespace dossier::datamove
