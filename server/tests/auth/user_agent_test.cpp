#include "auth/user_agent.hpp"

#include <gtest/gtest.h>

namespace dossier::auth {
namespace {

TEST(BrowserOf, NamesTheBrowserItsVersionAndTheSystem) {
  EXPECT_EQ(browserOf("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like "
                      "Gecko) Chrome/131.0.0.0 Safari/537.36"),
            "Chrome 131 on Windows");
  EXPECT_EQ(browserOf("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like "
                      "Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.70"),
            "Edge 131 on Windows");
  EXPECT_EQ(browserOf("Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"),
            "Firefox 133 on Linux");
  EXPECT_EQ(browserOf("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 "
                      "(KHTML, like Gecko) Version/17.6 Safari/605.1.15"),
            "Safari 17 on macOS");
  EXPECT_EQ(browserOf("Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 "
                      "(KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1"),
            "Safari 17 on iPhone");
  EXPECT_EQ(browserOf("Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) "
                      "Chrome/131.0.6778.81 Mobile Safari/537.36"),
            "Chrome 131 on Android");
}

TEST(BrowserOf, SaysSoWhenItDoesNotKnow) {
  EXPECT_EQ(browserOf(""), "Unknown browser");
  EXPECT_EQ(browserOf("curl/8.5.0"), "Unknown browser");
  EXPECT_EQ(browserOf("SomeBot (Linux)"), "A browser on Linux");
}

}  // namespace
}  // namespace dossier::auth
