#include "http/router.hpp"

#include <gtest/gtest.h>

namespace dossier::http {
namespace {

using Outcome = Router<int>::Outcome;

std::vector<std::string> segments(std::initializer_list<const char*> parts) {
  return {parts.begin(), parts.end()};
}

TEST(Router, CapturesPathParameters) {
  Router<int> router;
  router.add("GET", "/api/{env}/case/{caseNumber}", 1);
  Router<int>::Match match;
  ASSERT_EQ(router.match("GET", segments({"api", "demo", "case", "C-2026-1"}), match),
            Outcome::Found);
  EXPECT_EQ(*match.value, 1);
  ASSERT_EQ(match.params.size(), 2u);
  EXPECT_EQ(match.params[0], (std::pair<std::string, std::string>{"env", "demo"}));
  EXPECT_EQ(match.params[1], (std::pair<std::string, std::string>{"caseNumber", "C-2026-1"}));
}

TEST(Router, MatchesLiteralSegmentsWithoutRegardToCase) {
  Router<int> router;
  router.add("GET", "/api/ChangePassword", 7);
  Router<int>::Match match;
  EXPECT_EQ(router.match("GET", segments({"api", "changepassword"}), match), Outcome::Found);
}

TEST(Router, PrefersALiteralOverAParameterAtTheSamePlace) {
  Router<int> router;
  router.add("GET", "/api/{env}/form/case/{caseNumber}", 1);
  router.add("GET", "/api/{env}/form/case/initialise", 2);
  Router<int>::Match match;
  ASSERT_EQ(router.match("GET", segments({"api", "demo", "form", "case", "initialise"}), match),
            Outcome::Found);
  EXPECT_EQ(*match.value, 2);
  ASSERT_EQ(router.match("GET", segments({"api", "demo", "form", "case", "42"}), match),
            Outcome::Found);
  EXPECT_EQ(*match.value, 1);
}

TEST(Router, TellsAWrongMethodFromAnUnknownPath) {
  Router<int> router;
  router.add("GET", "/api/{env}/ChangePassword", 1);
  router.add("PUT", "/api/{env}/ChangePassword", 2);
  Router<int>::Match match;
  EXPECT_EQ(router.match("DELETE", segments({"api", "demo", "ChangePassword"}), match),
            Outcome::MethodNotAllowed);
  EXPECT_EQ(match.allowed, "GET, PUT");
  EXPECT_EQ(router.match("GET", segments({"api", "demo", "nothing"}), match), Outcome::NotFound);
}

TEST(Router, NeverMatchesAnEmptyParameter) {
  Router<int> router;
  router.add("GET", "/api/{env}/menu", 1);
  Router<int>::Match match;
  EXPECT_EQ(router.match("GET", segments({"api", "", "menu"}), match), Outcome::NotFound);
}

TEST(Router, RefusesTheSameRouteTwice) {
  Router<int> router;
  router.add("GET", "/api/{env}/menu", 1);
  EXPECT_THROW(router.add("GET", "/api/{other}/MENU", 2), std::logic_error);
}

}  // namespace
}  // namespace dossier::http
