#include "blobs/database_blob_store.hpp"

#include <optional>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "blobs/blob_store_contract.hpp"
#include "blobs/stored_chunks.hpp"
#include "core/clock.hpp"
#include "core/crypto.hpp"
#include "db/pool.hpp"
#include "support/shared_database.hpp"

namespace dossier::blobs {
namespace {

using testing::countOf;

std::int64_t chunksStored(db::Pool& pool) {
  return countOf(pool, "SELECT COUNT(*) FROM stored_blob_chunks");
}

// Makes blob rows look older, as a row's created_at tells a blob's age.
void makeOlder(db::Pool& pool, std::optional<std::string> sha256, std::chrono::seconds by) {
  auto db = pool.acquire();
  std::vector<std::pair<std::int64_t, TimePoint>> rows;
  {
    auto row = sha256
                   ? db->query("SELECT id, created_at FROM stored_blobs WHERE sha256 = ?1", *sha256)
                   : db->query("SELECT id, created_at FROM stored_blobs WHERE sha256 IS NULL");
    while (row.step()) {
      rows.emplace_back(row.integer(0), *row.time(1));
    }
  }
  ASSERT_FALSE(rows.empty());
  for (const auto& [id, at] : rows) {
    db->execute("UPDATE stored_blobs SET created_at = ?1 WHERE id = ?2", at - by, id);
  }
}

// The database store, for the contract every blob store keeps: a blob's age is its row's.
class DatabaseBlobStoreHarness {
 public:
  BlobStore& store() { return store_; }
  void age(const std::string& sha256, std::chrono::seconds by) {
    makeOlder(database_.pool(), sha256, by);
  }

 private:
  testing::SharedDatabase database_;
  DatabaseBlobStore store_{database_.pool()};
};

using namespace contract;  // the suite's names, which the macro below spells unqualified
INSTANTIATE_TYPED_TEST_SUITE_P(Database, BlobStoreContract, DatabaseBlobStoreHarness);

// Content no compressor shrinks, the same on every run.
std::string noise(std::size_t size, unsigned seed) {
  std::mt19937_64 random(seed);
  std::string content(size, '\0');
  for (std::size_t at = 0; at < size; at += 8) {
    const auto value = random();
    for (std::size_t i = 0; i < 8 && at + i < size; ++i) {
      content[at + i] = static_cast<char>(value >> (8 * i));
    }
  }
  return content;
}

class DatabaseBlobStoreTest : public ::testing::Test {
 protected:
  testing::SharedDatabase database;
  DatabaseBlobStore store{database.pool()};
};

TEST_F(DatabaseBlobStoreTest, TwentyMebibytesRoundTripByteForByteInRangesAcrossChunkBorders) {
  const std::size_t size = 20 * chunks::kChunkSize;
  const auto content = noise(size, 20);
  auto writer = store.begin();
  ASSERT_TRUE(writer.ok()) << writer.error().message;
  // In pieces of an odd size, as an upload's arrive, so that none ends on a chunk's border.
  for (std::size_t at = 0; at < size; at += 300'007) {
    ASSERT_TRUE((*writer)->append(std::string_view(content).substr(at, 300'007)).ok());
  }
  const auto id = (*writer)->commit();
  ASSERT_TRUE(id.ok()) << id.error().message;
  EXPECT_EQ(id->sha256, sha256Hex(content));
  EXPECT_EQ(id->size, size);
  EXPECT_EQ(chunksStored(database.pool()), 20) << "in chunks of 1 MiB";

  auto reader = store.open(id->sha256);
  ASSERT_TRUE(reader.ok()) << reader.error().message;
  EXPECT_EQ((*reader)->size(), size);
  const auto border = chunks::kChunkSize;
  for (const auto& [offset, length] : std::vector<std::pair<std::size_t, std::size_t>>{
           {0, 10},
           {border - 3, 6},
           {7 * border - 1, 2},
           {3 * border + 5, 2 * border + 11},  // over two borders in one read
           {size - 4, 4},
           {size - 4, 100}}) {
    std::string buffer(length, '\0');
    const auto got = (*reader)->read(offset, buffer);
    ASSERT_TRUE(got.ok()) << got.error().message;
    const auto expected = content.substr(offset, length);
    ASSERT_EQ(*got, expected.size()) << "at " << offset;
    EXPECT_TRUE(buffer.substr(0, *got) == expected) << "at " << offset;
  }
  const auto whole = store.read(id->sha256);
  ASSERT_TRUE(whole.ok());
  EXPECT_TRUE(*whole == content) << "the whole file, byte for byte";
  const auto file = store.localFile(id->sha256);
  ASSERT_TRUE(file.ok());
  EXPECT_TRUE(file->temporary()) << "a copy: the store keeps no files";
  EXPECT_EQ(std::filesystem::file_size(file->path()), size);
}

TEST_F(DatabaseBlobStoreTest, AWriterAbandonedMidwayDropsWhatItWroteAndShowsNothing) {
  const auto content = noise(3 * chunks::kChunkSize + 10, 3);
  {
    auto writer = store.begin();
    ASSERT_TRUE(writer.ok());
    ASSERT_TRUE((*writer)->append(content).ok());
    EXPECT_EQ(chunksStored(database.pool()), 3) << "whole chunks are written as they come";
    EXPECT_FALSE(store.contains(sha256Hex(content)));
  }
  EXPECT_EQ(chunksStored(database.pool()), 0);
  EXPECT_EQ(countOf(database.pool(), "SELECT COUNT(*) FROM stored_blobs"), 0);
}

TEST_F(DatabaseBlobStoreTest, WhatAProcessThatDiedWhileWritingLeftIsSweptOnceOld) {
  // What a writer leaves when its process is killed: a row and chunks, never made whole.
  const auto content = noise(2 * chunks::kChunkSize, 4);
  {
    auto db = database.pool().acquire();
    const auto id = chunks::start(*db, false, Clock::now());
    chunks::write(*db, id, 0, content);
  }
  EXPECT_FALSE(store.contains(sha256Hex(content)));
  EXPECT_EQ(store.sweep(contract::nothingIsReferenced, std::chrono::hours(1)), 0)
      << "a writer younger than the grace period may still be writing";
  makeOlder(database.pool(), std::nullopt, std::chrono::hours(2));
  EXPECT_EQ(store.sweep(contract::nothingIsReferenced, std::chrono::hours(1)), 1);
  EXPECT_EQ(chunksStored(database.pool()), 0);
}

TEST_F(DatabaseBlobStoreTest, ABlobWrittenByOneProcessIsReadByAnother) {
  auto other = database.open();
  DatabaseBlobStore elsewhere(*other);
  const auto id = store.put("filed in one process, downloaded through another");
  ASSERT_TRUE(id.ok()) << id.error().message;
  EXPECT_TRUE(elsewhere.contains(id->sha256));
  EXPECT_EQ(*elsewhere.read(id->sha256), "filed in one process, downloaded through another");
  const auto again = elsewhere.put("filed in one process, downloaded through another");
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(countOf(database.pool(), "SELECT COUNT(*) FROM stored_blobs"), 1) << "stored once";
}

TEST_F(DatabaseBlobStoreTest, AnEmptyFileIsABlobToo) {
  const auto id = store.put("");
  ASSERT_TRUE(id.ok()) << id.error().message;
  EXPECT_EQ(id->size, 0u);
  EXPECT_EQ(*store.read(id->sha256), "");
}

}  // namespace
}  // namespace dossier::blobs
