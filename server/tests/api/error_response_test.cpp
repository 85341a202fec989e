#include "api/error_response.hpp"

#include <boost/json/parse.hpp>
#include <gtest/gtest.h>

#include "auth/errors.hpp"
#include "core/errors.hpp"
#include "index/errors.hpp"
#include "records/errors.hpp"

namespace dossier::api {
namespace {

boost::json::object bodyOf(const http::Response& response) {
  return boost::json::parse(response.body).as_object();
}

TEST(ErrorResponse, MapsEachKindToItsStatus) {
  EXPECT_EQ(statusFor(ErrorKind::BadRequest), 400);
  EXPECT_EQ(statusFor(ErrorKind::Unauthorized), 401);
  EXPECT_EQ(statusFor(ErrorKind::Forbidden), 403);
  EXPECT_EQ(statusFor(ErrorKind::NotFound), 404);
  EXPECT_EQ(statusFor(ErrorKind::MethodNotAllowed), 405);
  EXPECT_EQ(statusFor(ErrorKind::Conflict), 409);
  EXPECT_EQ(statusFor(ErrorKind::PayloadTooLarge), 413);
  EXPECT_EQ(statusFor(ErrorKind::Unprocessable), 422);
  EXPECT_EQ(statusFor(ErrorKind::TooManyRequests), 429);
  EXPECT_EQ(statusFor(ErrorKind::HeadersTooLarge), 431);
  EXPECT_EQ(statusFor(ErrorKind::Internal), 500);
  EXPECT_EQ(statusFor(ErrorKind::Unavailable), 503);
}

TEST(ErrorResponse, HasTheSharedShape) {
  const auto response =
      errorResponse(Error::of(core::errors::kInvalidField, "The field 'x' must be text.")
                        .withField("x", "Must be text."),
                    "cid-1");
  EXPECT_EQ(response.status, 400);
  EXPECT_EQ(response.header("Content-Type"), "application/json; charset=utf-8");
  const auto body = bodyOf(response);
  EXPECT_EQ(body.at("error"), "core.invalid_field");
  EXPECT_EQ(body.at("message"), "The field 'x' must be text.");
  EXPECT_EQ(body.at("fieldErrors").at("x"), "Must be text.");
  EXPECT_EQ(body.at("correlationId"), "cid-1");
}

TEST(ErrorResponse, DetailsKeepTheirJsonTypes) {
  const auto body = bodyOf(errorResponse(Error::of(records::errors::kChanged, "Changed meanwhile.")
                                             .withDetail("changedBy", "Jo Smith")
                                             .withDetail("rowVersion", std::int64_t{7})
                                             .withDetail("final", true),
                                         "cid"));
  EXPECT_EQ(body.at("changedBy"), "Jo Smith");
  ASSERT_TRUE(body.at("rowVersion").is_int64());
  EXPECT_EQ(body.at("rowVersion").as_int64(), 7);
  EXPECT_EQ(body.at("final"), true);
}

TEST(ErrorResponse, TheSpecsSignInCallsCarryTheTextInError) {
  const auto body =
      bodyOf(errorResponse(Error::of(auth::errors::kPasswordPolicy, "Too short.\n- Really."), "cid",
                           ErrorStyle::TextInErrorField));
  EXPECT_EQ(body.at("error"), "Too short.\n- Really.");
  EXPECT_EQ(body.at("code"), "auth.password_policy");
}

TEST(ErrorResponse, AnAnswerToComeBackLaterSaysWhenAndIsHeldThatLongUpToTwoSeconds) {
  const auto soon =
      errorResponse(Error::of(auth::errors::kThrottled, "Wait.").withRetryAfter(1), "c");
  EXPECT_EQ(soon.header("Retry-After"), "1");
  EXPECT_EQ(soon.hold, std::chrono::seconds(1));
  const auto later =
      errorResponse(Error::of(auth::errors::kBusy, "Busy.").withRetryAfter(900), "c");
  EXPECT_EQ(later.header("Retry-After"), "900");
  EXPECT_EQ(later.hold, std::chrono::seconds(2));
  const auto plain = errorResponse(Error::of(core::errors::kInvalidField, "No."), "c");
  EXPECT_FALSE(plain.header("Retry-After"));
  EXPECT_EQ(plain.hold.count(), 0);
}

TEST(ErrorResponse, AnInternalErrorShowsNoDetail) {
  const auto body = bodyOf(errorResponse(Error::of(core::errors::kInternal), "cid"));
  EXPECT_EQ(body.at("error"), "core.internal");
  EXPECT_EQ(body.at("message"),
            "Something went wrong on the server. Please try again later or contact your system "
            "administrator.");
}

TEST(ErrorResponse, TheDetailOfAnInternalErrorNeverReachesTheClient) {
  auto error = Error::of(index::errors::kFailed,
                         "search: DatabaseCorruptError: /var/dossier/data/demo/index/"
                         "postlist.glass is corrupt");
  error.details.emplace("path", "/var/dossier/data");
  for (const auto style : {ErrorStyle::Standard, ErrorStyle::TextInErrorField}) {
    const auto response = errorResponse(error, "cid-9", style);
    EXPECT_EQ(response.status, 500);
    EXPECT_EQ(response.body.find("corrupt"), std::string::npos) << response.body;
    EXPECT_EQ(response.body.find("/var/dossier"), std::string::npos) << response.body;
    EXPECT_EQ(bodyOf(response).at("message"), kInternalMessage);
    EXPECT_EQ(bodyOf(response).at("correlationId"), "cid-9");
  }
}

}  // namespace
}  // namespace dossier::api
