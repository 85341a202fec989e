#include "core/json_body.hpp"

#include <gtest/gtest.h>

namespace dossier {
namespace {

TEST(JsonBody, ReadsAnObject) {
  const auto body = parseJsonObject(R"({"username": "jsmith", "remember": true})");
  ASSERT_TRUE(body.ok());
  EXPECT_EQ(*stringField(*body, "username"), "jsmith");
  EXPECT_TRUE(*boolField(*body, "remember"));
}

TEST(JsonBody, MalformedJsonIsA400WithAReadableMessage) {
  const auto body = parseJsonObject(R"({"username": )");
  ASSERT_FALSE(body.ok());
  EXPECT_EQ(body.error().kind, ErrorKind::BadRequest);
  EXPECT_EQ(body.error().code, "core.malformed_json");
  EXPECT_TRUE(body.error().message.starts_with("The request body is not valid JSON"));
}

TEST(JsonBody, AnEmptyBodyOrANonObjectIsRefused) {
  EXPECT_EQ(parseJsonObject("  ").error().code, "core.empty_body");
  EXPECT_EQ(parseJsonObject("[1, 2]").error().message, "The request body must be a JSON object.");
}

TEST(JsonBody, AFieldOfTheWrongTypeIsNamed) {
  const auto body = parseJsonObject(R"({"username": 42})");
  const auto field = stringField(*body, "username");
  ASSERT_FALSE(field.ok());
  EXPECT_EQ(field.error().message, "The field 'username' must be text.");
  EXPECT_EQ(field.error().fieldErrors.at("username"), "Must be text.");
}

TEST(JsonBody, AMissingFieldIsRequiredButAnOptionalOneIsNot) {
  const auto body = parseJsonObject("{}");
  EXPECT_EQ(stringField(*body, "name").error().fieldErrors.at("name"), "Required");
  EXPECT_FALSE(optionalStringField(*body, "name").value().has_value());
}

}  // namespace
}  // namespace dossier
