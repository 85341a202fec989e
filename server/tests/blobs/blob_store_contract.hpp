#pragma once

// What every blob store promises (blobs/blob_store.hpp), as a typed test suite that each store's
// own test file runs over it. A store brings a harness:
//
//   struct Harness {
//     Harness();                 // a fresh, empty store
//     blobs::BlobStore& store();
//     // Makes a stored blob look `by` older than it is, the way this store tells a blob's age
//     // (a file's modification time, a row's column …).
//     void age(const std::string& sha256, std::chrono::seconds by);
//   };
//
// and instantiates the suite with it:
//
//   INSTANTIATE_TYPED_TEST_SUITE_P(Files, BlobStoreContract, FileBlobStoreHarness);

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "blobs/blob_store.hpp"
#include "blobs/errors.hpp"
#include "core/crypto.hpp"
#include "support/temp_folder.hpp"

namespace dossier::blobs::contract {

inline std::string contentOf(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream content;
  content << in.rdbuf();
  return content.str();
}

inline bool nothingIsReferenced(const std::string&) {
  return false;
}

template <class R>
bool failsWith(const R& result, const ErrorCode& code) {
  return !result.ok() && result.error().is(code);
}

template <class Harness>
class BlobStoreContract : public ::testing::Test {
 protected:
  Harness harness;
  BlobStore& store() { return harness.store(); }
  void age(const std::string& sha256) { harness.age(sha256, std::chrono::hours(2)); }
  static constexpr std::chrono::seconds kGrace = std::chrono::hours(1);
};

TYPED_TEST_SUITE_P(BlobStoreContract);

TYPED_TEST_P(BlobStoreContract, WhatIsPutIsFoundUnderItsSha256AndReadBackWhole) {
  const std::string content = "The skip has been there for a month.";
  const auto id = this->store().put(content);
  ASSERT_TRUE(id.ok()) << id.error().message;
  EXPECT_EQ(id->sha256, sha256Hex(content));
  EXPECT_EQ(id->size, content.size());
  EXPECT_TRUE(this->store().contains(id->sha256));
  const auto read = this->store().read(id->sha256);
  ASSERT_TRUE(read.ok()) << read.error().message;
  EXPECT_EQ(*read, content);
}

TYPED_TEST_P(BlobStoreContract, AnOpenedBlobIsReadInAnyRangeAsADownloadAsksForIt) {
  const auto id = *this->store().put("0123456789abcdef");
  auto reader = this->store().open(id.sha256);
  ASSERT_TRUE(reader.ok()) << reader.error().message;
  EXPECT_EQ((*reader)->size(), 16u);
  std::string buffer(5, '\0');
  auto got = (*reader)->read(4, buffer);
  ASSERT_TRUE(got.ok());
  EXPECT_EQ(buffer.substr(0, *got), "45678");
  std::string tail(10, '\0');
  got = (*reader)->read(14, tail);
  ASSERT_TRUE(got.ok());
  EXPECT_EQ(tail.substr(0, *got), "ef") << "a range past the end gives what there is";
  got = (*reader)->read(16, tail);
  ASSERT_TRUE(got.ok());
  EXPECT_EQ(*got, 0u) << "the end reads nothing";
}

TYPED_TEST_P(BlobStoreContract, IdenticalContentIsStoredOnce) {
  const auto first = this->store().put("the same letter, filed on two cases");
  const auto second = this->store().put("the same letter, filed on two cases");
  ASSERT_TRUE(first.ok() && second.ok());
  EXPECT_EQ(first->sha256, second->sha256);
  this->age(first->sha256);
  EXPECT_EQ(this->store().sweep(nothingIsReferenced, this->kGrace), 1)
      << "one blob to remove, not two";
  EXPECT_FALSE(this->store().contains(first->sha256));
}

TYPED_TEST_P(BlobStoreContract, ContentArrivingInPiecesIsHashedOnTheWayAndSeenOnlyOnceCommitted) {
  auto writer = this->store().begin();
  ASSERT_TRUE(writer.ok()) << writer.error().message;
  ASSERT_TRUE((*writer)->append("first half, ").ok());
  ASSERT_TRUE((*writer)->append("second half").ok());
  EXPECT_EQ((*writer)->size(), 23u);
  const auto sha = sha256Hex("first half, second half");
  EXPECT_FALSE(this->store().contains(sha)) << "nothing may refer to a blob not yet whole";
  const auto id = (*writer)->commit();
  ASSERT_TRUE(id.ok()) << id.error().message;
  EXPECT_EQ(id->sha256, sha);
  EXPECT_EQ(id->size, 23u);
  EXPECT_EQ(*this->store().read(sha), "first half, second half");
  EXPECT_TRUE(failsWith((*writer)->append("more"), errors::kClosed));
  EXPECT_TRUE(failsWith((*writer)->commit(), errors::kClosed));
}

TYPED_TEST_P(BlobStoreContract, AWriteCutShortLeavesNothingVisible) {
  const auto sha = sha256Hex("half an upload");
  {
    auto writer = this->store().begin();
    ASSERT_TRUE(writer.ok());
    ASSERT_TRUE((*writer)->append("half an upload").ok());
    // The writer goes without committing, as a request cut off would.
  }
  EXPECT_FALSE(this->store().contains(sha));
  EXPECT_TRUE(failsWith(this->store().open(sha), errors::kNotFound));
  EXPECT_EQ(this->store().sweep(nothingIsReferenced, this->kGrace), 0);
  // The same content, sent again whole, is stored as any other.
  ASSERT_TRUE(this->store().put("half an upload").ok());
  EXPECT_TRUE(this->store().contains(sha));
}

TYPED_TEST_P(BlobStoreContract, TheSweepRemovesOnlyBlobsNothingRefersToOnceTheyAreOld) {
  const auto kept = *this->store().put("referred to");
  const auto orphan = *this->store().put("referred to by nothing");
  const auto young = *this->store().put("just stored, its reference on its way");
  this->age(kept.sha256);
  this->age(orphan.sha256);
  const auto referenced = [&](const std::string& sha256) { return sha256 == kept.sha256; };
  EXPECT_EQ(this->store().sweep(referenced, this->kGrace), 1);
  EXPECT_TRUE(this->store().contains(kept.sha256));
  EXPECT_FALSE(this->store().contains(orphan.sha256));
  EXPECT_TRUE(this->store().contains(young.sha256));
  EXPECT_EQ(this->store().sweep(referenced, this->kGrace), 0) << "nothing more to remove";
}

TYPED_TEST_P(BlobStoreContract, ABlobIsHandedOutAsALocalFileForWhatNeedsAPath) {
  const auto id = *this->store().put("a letter for the text reader");
  std::filesystem::path path;
  bool temporary = false;
  {
    auto file = this->store().localFile(id.sha256);
    ASSERT_TRUE(file.ok()) << file.error().message;
    path = file->path();
    temporary = file->temporary();
    EXPECT_EQ(contentOf(path), "a letter for the text reader");
  }
  // A copy goes with its LocalFile; the store's own file stays, as does the blob.
  EXPECT_EQ(std::filesystem::exists(path), !temporary);
  EXPECT_TRUE(this->store().contains(id.sha256));
  EXPECT_TRUE(failsWith(this->store().localFile(sha256Hex("never stored")), errors::kNotFound));
}

TYPED_TEST_P(BlobStoreContract, AFileForAReaderOfItsEdgesHoldsItsFirstAndLastBytesAtTheirPlaces) {
  // 3 MiB and a bit, with no two MiB alike, read at its edges of 1 MiB.
  std::string content;
  for (int i = 0; content.size() < 3 * 1024 * 1024 + 17; ++i) {
    content += "line " + std::to_string(i) + " of a long letter\n";
  }
  const std::uint64_t edge = 1024 * 1024;
  const auto id = *this->store().put(content);
  std::filesystem::path path;
  bool temporary = false;
  {
    auto file = this->store().edgesFile(id.sha256, edge);
    ASSERT_TRUE(file.ok()) << file.error().message;
    path = file->path();
    temporary = file->temporary();
    const auto copied = contentOf(path);
    ASSERT_EQ(copied.size(), content.size()) << "the file has the blob's size";
    EXPECT_EQ(copied.substr(0, edge), content.substr(0, edge));
    EXPECT_EQ(copied.substr(content.size() - edge), content.substr(content.size() - edge));
    if (temporary) {
      EXPECT_EQ(copied.substr(edge, content.size() - 2 * edge),
                std::string(content.size() - 2 * edge, '\0'))
          << "between the edges nothing was copied";
    } else {
      EXPECT_EQ(copied, content) << "the store's own file";
    }
  }
  EXPECT_EQ(std::filesystem::exists(path), !temporary);
  // A blob smaller than its edges is copied whole.
  const auto small = *this->store().put("a short note");
  auto file = this->store().edgesFile(small.sha256, edge);
  ASSERT_TRUE(file.ok()) << file.error().message;
  EXPECT_EQ(contentOf(file->path()), "a short note");
  EXPECT_TRUE(
      failsWith(this->store().edgesFile(sha256Hex("never stored"), edge), errors::kNotFound));
}

TYPED_TEST_P(BlobStoreContract, AWholeFileIsTakenInAndIsGoneFromWhereItWas) {
  dossier::testing::TempFolder scratch;
  const auto finished = scratch.write("finished-upload", "a whole file");
  const auto id = this->store().adopt(finished, sha256Hex("a whole file"), 12);
  ASSERT_TRUE(id.ok()) << id.error().message;
  EXPECT_EQ(id->sha256, sha256Hex("a whole file"));
  EXPECT_FALSE(std::filesystem::exists(finished));
  EXPECT_EQ(*this->store().read(id->sha256), "a whole file");
  // The same content again: stored once, and the file goes all the same.
  scratch.write("finished-upload", "a whole file");
  ASSERT_TRUE(this->store().adopt(finished, sha256Hex("a whole file"), 12).ok());
  EXPECT_FALSE(std::filesystem::exists(finished));
  this->age(id->sha256);
  EXPECT_EQ(this->store().sweep(nothingIsReferenced, this->kGrace), 1);
}

TYPED_TEST_P(BlobStoreContract, NothingIsMadeOfAnIdThatIsNotASha256) {
  dossier::testing::TempFolder scratch;
  const auto finished = scratch.write("finished-upload", "x");
  EXPECT_TRUE(failsWith(this->store().adopt(finished, "../escape", 1), errors::kBadHash));
  EXPECT_FALSE(std::filesystem::exists(finished)) << "the file goes either way";
  for (const std::string& id : {std::string("../../etc/passwd"), std::string(64, 'A'),
                                std::string(63, 'a') + "/", std::string()}) {
    EXPECT_FALSE(this->store().contains(id)) << id;
    EXPECT_TRUE(failsWith(this->store().open(id), errors::kNotFound)) << id;
    EXPECT_FALSE(this->store().read(id).ok()) << id;
  }
}

REGISTER_TYPED_TEST_SUITE_P(BlobStoreContract, WhatIsPutIsFoundUnderItsSha256AndReadBackWhole,
                            AnOpenedBlobIsReadInAnyRangeAsADownloadAsksForIt,
                            IdenticalContentIsStoredOnce,
                            ContentArrivingInPiecesIsHashedOnTheWayAndSeenOnlyOnceCommitted,
                            AWriteCutShortLeavesNothingVisible,
                            TheSweepRemovesOnlyBlobsNothingRefersToOnceTheyAreOld,
                            ABlobIsHandedOutAsALocalFileForWhatNeedsAPath,
                            AFileForAReaderOfItsEdgesHoldsItsFirstAndLastBytesAtTheirPlaces,
                            AWholeFileIsTakenInAndIsGoneFromWhereItWas,
                            NothingIsMadeOfAnIdThatIsNotASha256);

}  // namespace dossier::blobs::contract
