#include "app/database_failure.hpp"

#include <boost/json/parse.hpp>
#include <gtest/gtest.h>

namespace dossier::app {
namespace {

http::Response answerTo(db::Failure failure) {
  http::Request request;
  request.method = "PUT";
  request.path = "/api/acme/case/CMP-1";
  request.correlationId = "c-1";
  return databaseFailure(db::DatabaseError("database error: detail for the log", failure), request);
}

std::string codeOf(const http::Response& response) {
  return std::string(boost::json::parse(response.body).at("error").as_string());
}

TEST(DatabaseFailure, AWriteThatLostARaceForAUniqueValueIsAConflictNotAServerError) {
  const auto response = answerTo(db::Failure::UniqueViolation);
  EXPECT_EQ(response.status, 409);
  EXPECT_EQ(codeOf(response), "db.conflict");
}

TEST(DatabaseFailure, ADatabaseThatDidNotAnswerAsksForTheRequestAgainLater) {
  for (const auto failure : {db::Failure::ConnectionLost, db::Failure::Busy, db::Failure::Timeout,
                             db::Failure::SerializationFailure}) {
    const auto response = answerTo(failure);
    EXPECT_EQ(response.status, 503);
    EXPECT_EQ(codeOf(response), "db.unavailable");
    EXPECT_EQ(response.header("Retry-After"), "5");
    EXPECT_EQ(response.body.find("detail for the log"), std::string::npos);
  }
}

TEST(DatabaseFailure, AnyOtherFailureIsAServerErrorThatShowsNoDetail) {
  const auto response = answerTo(db::Failure::Other);
  EXPECT_EQ(response.status, 500);
  EXPECT_EQ(response.body.find("detail for the log"), std::string::npos);
}

}  // namespace
}  // namespace dossier::app
