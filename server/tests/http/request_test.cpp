#include "http/request.hpp"

#include <gtest/gtest.h>

namespace dossier::http {
namespace {

TEST(RequestTarget, SplitsAndDecodesPathSegments) {
  Request request;
  ASSERT_TRUE(parseTarget("/demo/search/All/smith%20%26%20co", request));
  EXPECT_EQ(request.path, "/demo/search/All/smith%20%26%20co");
  EXPECT_EQ(request.segments, (std::vector<std::string>{"demo", "search", "All", "smith & co"}));
}

TEST(RequestTarget, DecodesTheQuery) {
  Request request;
  ASSERT_TRUE(parseTarget("/api/demo/search/SearchSuggest?searchString=o%27brien&flag", request));
  EXPECT_EQ(request.queryValue("searchString"), "o'brien");
  EXPECT_EQ(request.queryValue("flag"), "");
  EXPECT_FALSE(request.queryValue("other"));
}

TEST(RequestTarget, IgnoresATrailingSlash) {
  Request request;
  ASSERT_TRUE(parseTarget("/demo/", request));
  EXPECT_EQ(request.segments, std::vector<std::string>{"demo"});
  ASSERT_TRUE(parseTarget("/", request));
  EXPECT_TRUE(request.segments.empty());
}

TEST(RequestTarget, RefusesWhatIsNotAPath) {
  Request request;
  EXPECT_FALSE(parseTarget("http://elsewhere.example/", request));
  EXPECT_FALSE(parseTarget("no-slash", request));
  EXPECT_FALSE(parseTarget("/a%00b", request));
}

TEST(RequestTarget, KeepsAnEncodedSlashInsideItsSegment) {
  Request request;
  ASSERT_TRUE(parseTarget("/demo/search/All/a%2Fb", request));
  EXPECT_EQ(request.segments.back(), "a/b");
}

}  // namespace
}  // namespace dossier::http
