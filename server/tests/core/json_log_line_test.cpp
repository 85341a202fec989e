#include "core/json_log_line.hpp"

#include <string>

#include <boost/json/parse.hpp>
#include <gtest/gtest.h>

namespace dossier {
namespace {

namespace json = boost::json;

// 2026-11-26T10:15:30.123Z
const auto kTime = std::chrono::system_clock::time_point(std::chrono::milliseconds(1795688130123));

LogRecord recordOf(std::string_view message) {
  return {kTime, "info", "host:1234", message, {}, {}, nullptr};
}

json::object parsed(const std::string& line) {
  json::error_code error;
  auto value = json::parse(line, error);
  EXPECT_FALSE(error) << "not valid JSON: " << line;
  return error ? json::object{} : value.as_object();
}

TEST(JsonLogLine, HoldsTheTimeLevelProcessAndMessage) {
  const auto line = jsonLogLine(recordOf("listening on http://localhost:8080/demo/"));
  EXPECT_EQ(line,
            "{\"time\":\"2026-11-26T10:15:30.123Z\",\"level\":\"info\",\"process\":\"host:1234\","
            "\"message\":\"listening on http://localhost:8080/demo/\"}");
  EXPECT_EQ(line.find('\n'), std::string::npos) << "one line";
}

TEST(JsonLogLine, QuotesBackslashesLineBreaksAndControlCharactersStayValidJson) {
  const std::string message = "a \"quoted\" C:\\path\nsecond line\r\tand \x01\x1f\x7f end";
  const auto line = jsonLogLine(recordOf(message));
  EXPECT_EQ(line.find('\n'), std::string::npos);
  EXPECT_EQ(parsed(line).at("message").as_string(), message);
}

TEST(JsonLogLine, TextInUtf8IsKeptAndBytesThatAreNotUtf8BecomeTheReplacementCharacter) {
  EXPECT_EQ(parsed(jsonLogLine(recordOf("Zoë — 日本 🙂"))).at("message").as_string(),
            "Zoë — 日本 🙂");
  // A stray continuation byte, a lead byte cut short, an overlong slash, a surrogate.
  const std::string broken = "a\x80 b\xC3 c\xC0\xAF d\xED\xA0\x80 e";
  EXPECT_EQ(parsed(jsonLogLine(recordOf(broken))).at("message").as_string(),
            "a\xEF\xBF\xBD b\xEF\xBF\xBD c\xEF\xBF\xBD\xEF\xBF\xBD "
            "d\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD e");
}

TEST(JsonLogLine, ALineLoggedWhileHandlingARequestCarriesItsCorrelationIdAndUser) {
  auto record = recordOf("saved");
  record.correlationId = "c0ffee";
  record.user = "jsmith";
  const auto object = parsed(jsonLogLine(record));
  EXPECT_EQ(object.at("correlationId").as_string(), "c0ffee");
  EXPECT_EQ(object.at("user").as_string(), "jsmith");
  EXPECT_FALSE(parsed(jsonLogLine(recordOf("x"))).contains("correlationId"));
}

TEST(JsonLogLine, ARequestsLineHasItsMethodPathStatusAndDurationAsFields) {
  const RequestLine request{"", "GET", "/api/demo/menu", 200, 1.2345, "abc", "jsmith"};
  auto record = recordOf("GET /api/demo/menu 200 1.2ms");
  record.correlationId = request.correlationId;
  record.user = request.user;
  record.request = &request;
  const auto object = parsed(jsonLogLine(record));
  EXPECT_EQ(object.at("method").as_string(), "GET");
  EXPECT_EQ(object.at("path").as_string(), "/api/demo/menu");
  EXPECT_EQ(object.at("status").as_int64(), 200);
  EXPECT_DOUBLE_EQ(object.at("durationMs").as_double(), 1.2);
  EXPECT_FALSE(object.contains("via"));

  const RequestLine hubCall{"HUB", "POST", "/api/demo/form/case/save", 409, std::nullopt, "d", ""};
  record.request = &hubCall;
  const auto call = parsed(jsonLogLine(record));
  EXPECT_EQ(call.at("via").as_string(), "HUB");
  EXPECT_FALSE(call.contains("durationMs"));
}

TEST(LogFormat, IsNamedTextOrJson) {
  EXPECT_EQ(logFormatNamed("text"), LogFormat::Text);
  EXPECT_EQ(logFormatNamed("json"), LogFormat::Json);
  EXPECT_FALSE(logFormatNamed("xml"));
  EXPECT_FALSE(logFormatNamed("JSON"));
}

}  // namespace
}  // namespace dossier
