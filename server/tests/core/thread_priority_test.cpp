#include "core/thread_priority.hpp"

#include <sys/resource.h>
#include <thread>
#include <unistd.h>

#include <gtest/gtest.h>

namespace dossier {
namespace {

int niceOfThisThread() {
  return getpriority(PRIO_PROCESS, static_cast<id_t>(gettid()));
}

TEST(ThreadPriority, AThreadYieldsOnceAndOnlyItselfNotTheProcess) {
  const int before = niceOfThisThread();
  int inside = 0;
  int afterSecondCall = 0;
  bool yielded = false;
  std::thread worker([&] {
    yielded = yieldThisThread(kHeavyNice);
    inside = niceOfThisThread();
    yieldThisThread(kWorkerNice);  // set already: kept
    afterSecondCall = niceOfThisThread();
  });
  worker.join();
  if (before <= kHeavyNice) {  // a process started yielding more may not lower it
    ASSERT_TRUE(yielded);
    EXPECT_EQ(inside, kHeavyNice);
  }
  EXPECT_EQ(afterSecondCall, inside);
  EXPECT_EQ(niceOfThisThread(), before) << "the thread that started it keeps its priority";
}

}  // namespace
}  // namespace dossier
