#include "uploads/write_behind.hpp"

#include <atomic>
#include <future>
#include <memory>
#include <stdexcept>
#include <thread>

#include <gtest/gtest.h>

#include "uploads/errors.hpp"

namespace dossier::uploads {
namespace {

TEST(WriteBehind, AnUploadWithNothingBeingWrittenIsSettledAtOnce) {
  WriteBehind writing;
  EXPECT_TRUE(writing.settle("a").ok());
}

TEST(WriteBehind, SettlingWaitsForTheWritingUnderWay) {
  WriteBehind writing;
  std::promise<void> release;
  auto released = release.get_future().share();
  std::atomic<bool> written = false;
  writing.start("a", [&, released] {
    released.wait();
    written = true;
    return Status{};
  });
  auto settled = std::async(std::launch::async, [&] { return writing.settle("a"); });
  EXPECT_EQ(settled.wait_for(std::chrono::milliseconds(50)), std::future_status::timeout)
      << "the writing is still held back";
  release.set_value();
  EXPECT_TRUE(settled.get().ok());
  EXPECT_TRUE(written);
}

TEST(WriteBehind, AFailedWritingIsToldOnceToWhoeverSettlesItFirst) {
  WriteBehind writing;
  writing.start("a", [] { return Status(Error::of(errors::kWriteFailed, "No space left")); });
  const auto first = writing.settle("a");
  ASSERT_FALSE(first.ok());
  EXPECT_TRUE(first.error().is(errors::kWriteFailed));
  EXPECT_TRUE(writing.settle("a").ok()) << "told once: after it, the file says where it stands";
}

TEST(WriteBehind, AWritingThatThrowsIsAFailedWriting) {
  WriteBehind writing;
  writing.start("a", []() -> Status { throw std::runtime_error("disk gone"); });
  const auto settled = writing.settle("a");
  ASSERT_FALSE(settled.ok());
  EXPECT_NE(settled.error().message.find("disk gone"), std::string::npos);
}

TEST(WriteBehind, EachUploadIsSettledOnItsOwn) {
  WriteBehind writing;
  std::promise<void> release;
  auto released = release.get_future().share();
  writing.start("slow", [released] {
    released.wait();
    return Status{};
  });
  writing.start("quick", [] { return Status{}; });
  EXPECT_TRUE(writing.settle("quick").ok()) << "not held back by another upload's writing";
  release.set_value();
  EXPECT_TRUE(writing.settle("slow").ok());
}

TEST(WriteBehind, GoingAwayWaitsForEveryWritingUnderWay) {
  std::promise<void> release;
  auto released = release.get_future().share();
  std::atomic<bool> written = false;
  auto writing = std::make_unique<WriteBehind>();
  writing->start("a", [&, released] {
    released.wait();
    written = true;
    return Status{};
  });
  auto gone = std::async(std::launch::async, [&] { writing.reset(); });
  EXPECT_EQ(gone.wait_for(std::chrono::milliseconds(50)), std::future_status::timeout)
      << "a stopping server does not leave a piece half written";
  release.set_value();
  gone.get();
  EXPECT_TRUE(written);
}

TEST(WriteBehind, BeyondItsLimitAPieceIsWrittenInItsOwnRequest) {
  WriteBehind writing(1);
  std::promise<void> release;
  auto released = release.get_future().share();
  const auto request = std::this_thread::get_id();
  std::thread::id first;
  std::thread::id second;
  writing.start("a", [&, released] {
    first = std::this_thread::get_id();
    released.wait();
    return Status{};
  });
  writing.start("b", [&] {
    second = std::this_thread::get_id();
    return Status{};
  });
  EXPECT_EQ(second, request) << "one under way already: the second is written at once";
  release.set_value();
  EXPECT_TRUE(writing.settle("a").ok());
  EXPECT_NE(first, request);
  EXPECT_TRUE(writing.settle("b").ok());
}

}  // namespace
}  // namespace dossier::uploads
