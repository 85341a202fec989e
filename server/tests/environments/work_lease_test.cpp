#include "environments/work_lease.hpp"

#include <array>
#include <chrono>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include "db/connection.hpp"
#include "db/pool.hpp"
#include "support/eventually.hpp"
#include "support/test_environment.hpp"

namespace dossier::environments {
namespace {

using namespace std::chrono_literals;
using testing::eventually;

// Quick enough for a test, in the same proportions as the real ones.
constexpr LeaseTiming kQuick{20ms, 60ms, 120ms};

class WorkLeaseTest : public ::testing::Test {
 protected:
  testing::TestEnvironment test;

  std::string holderOf(const std::string& name) {
    auto db = test.db().acquire();
    auto row = db->query("SELECT holder FROM work_leases WHERE name = ?1", name);
    return row.step() ? row.text(0) : "";
  }
  void setHolder(const std::string& name, const std::string& holder) {
    auto db = test.db().acquire();
    db::Transaction transaction(*db);
    db->execute("DELETE FROM work_leases WHERE name = ?1", name);
    db->execute("INSERT INTO work_leases (name, holder, beat) VALUES (?1, ?2, 7)", name, holder);
    transaction.commit();
  }
  static std::string thisHost() {
    std::array<char, 256> name{};
    ::gethostname(name.data(), name.size() - 1);
    return name.data();
  }
};

TEST_F(WorkLeaseTest, TheFirstProcessToAskHoldsItFromTheStart) {
  WorkLease first(test.db(), "test", "housekeeping", kQuick, "host-a 1 a");
  EXPECT_TRUE(first.held());
  EXPECT_EQ(holderOf("housekeeping"), "host-a 1 a");
}

TEST_F(WorkLeaseTest, AnotherProcessWaitsWhileTheHolderKeepsItsHeartbeat) {
  WorkLease first(test.db(), "test", "housekeeping", kQuick, "host-a 1 a");
  WorkLease second(test.db(), "test", "housekeeping", kQuick, "host-b 1 b");
  // Several expiries long: the holder's count keeps moving, so nobody takes it over.
  const auto until = std::chrono::steady_clock::now() + 5 * kQuick.expiry;
  while (std::chrono::steady_clock::now() < until) {
    ASSERT_TRUE(first.held());
    ASSERT_FALSE(second.held());
    std::this_thread::sleep_for(kQuick.beat);
  }
}

TEST_F(WorkLeaseTest, LeasesOfDifferentWorkAreHeldApart) {
  WorkLease housekeeping(test.db(), "test", "housekeeping", kQuick, "host-a 1 a");
  WorkLease extraction(test.db(), "test", "extraction", kQuick, "host-b 1 b");
  EXPECT_TRUE(housekeeping.held());
  EXPECT_TRUE(extraction.held());
}

TEST_F(WorkLeaseTest, AHolderThatFellSilentIsTakenOverOnceItsCountStoppedForTheExpiry) {
  setHolder("extraction", "host-gone 4242 x");
  const auto started = std::chrono::steady_clock::now();
  WorkLease taker(test.db(), "test", "extraction", kQuick, "host-b 1 b");
  EXPECT_FALSE(taker.held());
  ASSERT_TRUE(eventually([&] { return taker.held(); }));
  EXPECT_GE(std::chrono::steady_clock::now() - started, kQuick.expiry);
  EXPECT_EQ(holderOf("extraction"), "host-b 1 b");
}

TEST_F(WorkLeaseTest, AHolderOfThisMachineThatIsNoLongerRunningIsTakenOverAtOnce) {
  const pid_t child = ::fork();
  if (child == 0) {
    ::_exit(0);
  }
  ::waitpid(child, nullptr, 0);
  setHolder("extraction", thisHost() + " " + std::to_string(child) + " crashed");
  // Far longer than the test's patience: only the dead process's check lets it in.
  WorkLease taker(test.db(), "test", "extraction", {20ms, 60s, 120s}, "host-b 1 b");
  EXPECT_TRUE(taker.held());
}

TEST_F(WorkLeaseTest, AHolderThatIsStillRunningOnThisMachineIsNotTakenOverEarly) {
  setHolder("extraction", thisHost() + " " + std::to_string(::getpid()) + " alive");
  WorkLease taker(test.db(), "test", "extraction", {20ms, 60s, 120s}, "host-b 1 b");
  std::this_thread::sleep_for(5 * 20ms);
  EXPECT_FALSE(taker.held());
}

TEST_F(WorkLeaseTest, AHolderGoingAwayHandsItBackSoAnotherTakesItAtItsNextBeat) {
  auto first = std::make_unique<WorkLease>(test.db(), "test", "housekeeping", kQuick, "host-a 1 a");
  WorkLease second(test.db(), "test", "housekeeping", {20ms, 60s, 120s}, "host-b 1 b");
  ASSERT_FALSE(second.held());
  first.reset();
  EXPECT_TRUE(eventually([&] { return second.held(); }));
}

TEST_F(WorkLeaseTest, AHolderLearnsAtItsNextBeatThatAnotherHasTakenItOver) {
  WorkLease first(test.db(), "test", "housekeeping", kQuick, "host-a 1 a");
  ASSERT_TRUE(first.held());
  setHolder("housekeeping", "host-b 1 b");
  EXPECT_TRUE(eventually([&] { return !first.held(); }));
}

}  // namespace
}  // namespace dossier::environments
