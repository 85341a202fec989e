#pragma once

// What every upload store promises (uploads/upload_store.hpp), as a typed test suite that each
// store's own test file runs over it. A store brings a harness:
//
//   struct Harness {
//     Harness();                      // a fresh, empty store, and the blob store it fills
//     uploads::UploadStore& store();
//     blobs::BlobStore& blobs();
//     // Makes an upload look `by` older than it is, the way this store tells an upload's age.
//     void age(const std::string& id, std::chrono::seconds by);
//   };
//
// and instantiates the suite with it:
//
//   INSTANTIATE_TYPED_TEST_SUITE_P(Files, UploadStoreContract, FileUploadStoreHarness);

#include <chrono>
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "blobs/blob_store.hpp"
#include "core/crypto.hpp"
#include "uploads/errors.hpp"
#include "uploads/upload_store.hpp"

namespace dossier::uploads::contract {

template <class R>
bool failsWith(const R& result, const ErrorCode& code) {
  return !result.ok() && result.error().is(code);
}

template <class Harness>
class UploadStoreContract : public ::testing::Test {
 protected:
  Harness harness;
  UploadStore& store() { return harness.store(); }

  Upload begun(std::uint64_t length, const std::string& username = "jsmith") {
    auto upload = store().create(newUploadId(), length, "Noise log.txt", "CMP-1", username);
    EXPECT_TRUE(upload.ok()) << upload.error().message;
    return *upload;
  }
};

TYPED_TEST_SUITE_P(UploadStoreContract);

TYPED_TEST_P(UploadStoreContract, ANewUploadIsFoundByWhoBeganItAndByNobodyElse) {
  const auto id = newUploadId();
  const auto created = this->store().create(id, 10, "Noise log.txt", "CMP-1", "jsmith");
  ASSERT_TRUE(created.ok()) << created.error().message;
  EXPECT_EQ(created->id, id);
  const auto found = this->store().find(id, "jsmith");
  ASSERT_TRUE(found);
  EXPECT_EQ(found->length, 10u);
  EXPECT_EQ(found->offset, 0u);
  EXPECT_EQ(found->fileName, "Noise log.txt");
  EXPECT_EQ(found->caseNumber, "CMP-1");
  EXPECT_TRUE(found->blob.empty());
  EXPECT_FALSE(this->store().find(id, "mjones"));
}

TYPED_TEST_P(UploadStoreContract, PiecesAreTakenAtTheOffsetTheUploadStandsAt) {
  const auto upload = this->begun(10);
  const auto first = this->store().append(upload.id, "jsmith", 0, "hello");
  ASSERT_TRUE(first.ok()) << first.error().message;
  EXPECT_EQ(first->offset, 5u);
  EXPECT_TRUE(first->blob.empty());
  EXPECT_EQ(this->store().find(upload.id, "jsmith")->offset, 5u) << "a resuming client is told";
  const auto again = this->store().append(upload.id, "jsmith", 0, "hello");
  ASSERT_TRUE(failsWith(again, errors::kOffset));
  EXPECT_EQ(again.error().message, "The upload stands at 5 bytes: resume from there.");
  EXPECT_EQ(this->store().find(upload.id, "jsmith")->offset, 5u) << "nothing of it was kept";
}

TYPED_TEST_P(UploadStoreContract, TheLastByteMakesTheWholeContentABlob) {
  const auto upload = this->begun(10);
  ASSERT_TRUE(this->store().append(upload.id, "jsmith", 0, "hel").ok());
  ASSERT_TRUE(this->store().append(upload.id, "jsmith", 3, "lo").ok());
  const auto last = this->store().append(upload.id, "jsmith", 5, "world");
  ASSERT_TRUE(last.ok()) << last.error().message;
  EXPECT_EQ(last->offset, 10u);
  EXPECT_EQ(last->blob, sha256Hex("helloworld"));
  EXPECT_EQ(this->store().find(upload.id, "jsmith")->blob, last->blob);
  EXPECT_EQ(*this->harness.blobs().read(last->blob), "helloworld");
  EXPECT_FALSE(this->store().append(upload.id, "jsmith", 10, "!").ok())
      << "a finished upload takes nothing more";
  EXPECT_EQ(this->store().find(upload.id, "jsmith")->offset, 10u);
}

TYPED_TEST_P(UploadStoreContract, MoreThanWasAnnouncedIsRefusedAndNothingOfItKept) {
  const auto upload = this->begun(5);
  EXPECT_TRUE(
      failsWith(this->store().append(upload.id, "jsmith", 0, "too long"), errors::kTooLong));
  EXPECT_EQ(this->store().find(upload.id, "jsmith")->offset, 0u);
}

TYPED_TEST_P(UploadStoreContract, SomeoneElsesUploadOrAnUnknownOneCannotBeContinued) {
  const auto upload = this->begun(5);
  EXPECT_TRUE(failsWith(this->store().append(upload.id, "mjones", 0, "x"), errors::kNotFound));
  EXPECT_TRUE(failsWith(this->store().append(newUploadId(), "jsmith", 0, "x"), errors::kNotFound));
  EXPECT_EQ(this->store().find(upload.id, "jsmith")->offset, 0u);
}

TYPED_TEST_P(UploadStoreContract, AnUploadIsRemovedOnlyByWhoBeganIt) {
  const auto upload = this->begun(5);
  ASSERT_TRUE(this->store().append(upload.id, "jsmith", 0, "ab").ok());
  EXPECT_FALSE(this->store().remove(upload.id, "mjones"));
  EXPECT_TRUE(this->store().find(upload.id, "jsmith"));
  EXPECT_TRUE(this->store().remove(upload.id, "jsmith"));
  EXPECT_FALSE(this->store().find(upload.id, "jsmith"));
  EXPECT_FALSE(this->store().remove(upload.id, "jsmith"));
}

TYPED_TEST_P(UploadStoreContract, TheSweepRemovesOnlyUploadsBegunLongerAgoThanItsLimit) {
  const auto old = this->begun(5);
  const auto recent = this->begun(5);
  this->harness.age(old.id, std::chrono::hours(25));
  EXPECT_EQ(this->store().sweep(std::chrono::hours(24)), 1);
  EXPECT_FALSE(this->store().find(old.id, "jsmith"));
  EXPECT_TRUE(this->store().find(recent.id, "jsmith"));
}

TYPED_TEST_P(UploadStoreContract, AFinishedUploadKeepsItsBlobUntilItIsSweptAway) {
  const auto finished = this->begun(5);
  const auto unfinished = this->begun(5);
  ASSERT_TRUE(this->store().append(finished.id, "jsmith", 0, "hello").ok());
  ASSERT_TRUE(this->store().append(unfinished.id, "jsmith", 0, "hel").ok());
  EXPECT_EQ(this->store().blobsKept(), std::set<std::string>{sha256Hex("hello")});
  this->harness.age(finished.id, std::chrono::hours(25));
  EXPECT_EQ(this->store().sweep(std::chrono::hours(24)), 1);
  EXPECT_TRUE(this->store().blobsKept().empty());
}

TYPED_TEST_P(UploadStoreContract, OnlyIdsItGaveFindAnything) {
  EXPECT_FALSE(this->store().find("../../etc", "jsmith"));
  EXPECT_FALSE(this->store().find(std::string(32, 'g'), "jsmith"));
  EXPECT_FALSE(this->store().remove("..", "jsmith"));
  EXPECT_TRUE(
      failsWith(this->store().create("../escape", 5, "a.txt", "CMP-1", "jsmith"), errors::kBadId));
}

REGISTER_TYPED_TEST_SUITE_P(UploadStoreContract, ANewUploadIsFoundByWhoBeganItAndByNobodyElse,
                            PiecesAreTakenAtTheOffsetTheUploadStandsAt,
                            TheLastByteMakesTheWholeContentABlob,
                            MoreThanWasAnnouncedIsRefusedAndNothingOfItKept,
                            SomeoneElsesUploadOrAnUnknownOneCannotBeContinued,
                            AnUploadIsRemovedOnlyByWhoBeganIt,
                            TheSweepRemovesOnlyUploadsBegunLongerAgoThanItsLimit,
                            AFinishedUploadKeepsItsBlobUntilItIsSweptAway,
                            OnlyIdsItGaveFindAnything);

}  // namespace dossier::uploads::contract
