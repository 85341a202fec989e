#include "http/request.hpp"

#include <gtest/gtest.h>

namespace dossier::http {
namespace {

TEST(RequestHeaders, AHeaderSentOnSeveralLinesIsReadAsOneListInTheOrderSent) {
  Request request;
  request.headers = {
      {"x-forwarded-for", "127.0.0.1"}, {"accept", "*/*"}, {"x-forwarded-for", "203.0.113.9"}};
  EXPECT_EQ(request.headerLines("x-forwarded-for"), "127.0.0.1, 203.0.113.9");
  EXPECT_EQ(request.header("x-forwarded-for"), "127.0.0.1");
  EXPECT_EQ(request.headerLines("via"), std::nullopt);
}

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

namespace {

dossier::http::Request withHeaders(std::vector<std::pair<std::string, std::string>> headers) {
  dossier::http::Request request;
  request.headers = std::move(headers);
  return request;
}

}  // namespace

TEST(RequestFraming, AcceptsOneHostAndAChunkedOrLengthBody) {
  using dossier::http::framingProblem;
  EXPECT_FALSE(framingProblem(withHeaders({{"host", "x"}}), 11));
  EXPECT_FALSE(framingProblem(withHeaders({{"host", "x"}, {"content-length", "3"}}), 11));
  EXPECT_FALSE(framingProblem(withHeaders({{"host", "x"}, {"transfer-encoding", "chunked"}}), 11));
  EXPECT_FALSE(
      framingProblem(withHeaders({{"host", "x"}, {"transfer-encoding", "gzip, Chunked"}}), 11));
  // HTTP/1.0 had no Host.
  EXPECT_FALSE(framingProblem(withHeaders({}), 10));
}

TEST(RequestFraming, RefusesAnHttp11RequestWithoutOrWithTwoHosts) {
  using dossier::http::framingProblem;
  EXPECT_EQ(framingProblem(withHeaders({}), 11), "An HTTP/1.1 request needs a Host header.");
  EXPECT_EQ(framingProblem(withHeaders({{"host", "a"}, {"host", "b"}}), 11),
            "The request has more than one Host header.");
  EXPECT_TRUE(framingProblem(withHeaders({{"host", "a"}, {"host", "b"}}), 10));
}

TEST(RequestFraming, RefusesATransferEncodingThatDoesNotEndInChunked) {
  using dossier::http::framingProblem;
  EXPECT_EQ(framingProblem(withHeaders({{"host", "x"}, {"transfer-encoding", "gzip"}}), 11),
            "The request's Transfer-Encoding must end in chunked.");
  EXPECT_TRUE(
      framingProblem(withHeaders({{"host", "x"}, {"transfer-encoding", "chunked, gzip"}}), 11));
  EXPECT_TRUE(framingProblem(
      withHeaders({{"host", "x"}, {"transfer-encoding", "chunked"}, {"transfer-encoding", "x"}}),
      11));
  EXPECT_TRUE(framingProblem(
      withHeaders({{"host", "x"}, {"transfer-encoding", "chunked"}, {"content-length", "4"}}), 11));
  EXPECT_TRUE(framingProblem(withHeaders({{"transfer-encoding", "chunked"}}), 10));
}
