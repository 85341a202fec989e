#include "auth/windows_sign_in.hpp"

#include <gtest/gtest.h>

#include "config/environment_config.hpp"

namespace dossier::auth {
namespace {

config::WindowsSignIn settings() {
  config::WindowsSignIn windows;
  windows.realms = {"EXAMPLE.ORG", "BRANCH.EXAMPLE.ORG"};
  return windows;
}

TEST(WindowsPrincipal, BecomesTheUsernameBeforeItsRealmInLowerCase) {
  std::string why;
  EXPECT_EQ(usernameOfPrincipal(settings(), "Alice@EXAMPLE.ORG", why), "alice");
  EXPECT_EQ(usernameOfPrincipal(settings(), "bob@branch.example.org", why), "bob");
}

TEST(WindowsPrincipal, KeepsItsRealmOrItsCaseWhenTheEnvironmentSaysSo) {
  auto whole = settings();
  whole.stripRealm = false;
  whole.lowercase = false;
  std::string why;
  EXPECT_EQ(usernameOfPrincipal(whole, "Alice@EXAMPLE.ORG", why), "Alice@EXAMPLE.ORG");
}

TEST(WindowsPrincipal, OfARealmNotAllowedOrWithoutARealmSignsInAsNobody) {
  std::string why;
  EXPECT_FALSE(usernameOfPrincipal(settings(), "mallory@EVIL.ORG", why).has_value());
  EXPECT_EQ(why, "the realm EVIL.ORG is not one of signIn.windows.realms");
  EXPECT_FALSE(usernameOfPrincipal(settings(), "mallory", why).has_value());
  EXPECT_FALSE(usernameOfPrincipal(settings(), "mallory@", why).has_value());
  EXPECT_FALSE(usernameOfPrincipal(settings(), "@EXAMPLE.ORG", why).has_value());
  // A realm that only ends like an allowed one is another realm.
  EXPECT_FALSE(usernameOfPrincipal(settings(), "eve@NOTEXAMPLE.ORG", why).has_value());
}

}  // namespace
}  // namespace dossier::auth
