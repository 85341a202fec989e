#include "core/json_writer.hpp"

#include <limits>
#include <string>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <gtest/gtest.h>

namespace dossier {
namespace {

namespace json = boost::json;

json::value parsed(const std::string& text) {
  json::error_code error;
  auto value = json::parse(text, error);
  EXPECT_FALSE(error) << "not valid JSON: " << text;
  return value;
}

TEST(JsonWriter, WritesObjectsAndArraysWithTheirCommasAndColons) {
  std::string out;
  JsonWriter writer(out);
  writer.beginObject();
  writer.key("name");
  writer.string("Zoë");
  writer.key("count");
  writer.number(3LL);
  writer.key("exact");
  writer.boolean(false);
  writer.key("items");
  writer.beginArray();
  writer.beginObject();
  writer.endObject();
  writer.beginArray();
  writer.endArray();
  writer.number(-7LL);
  writer.endArray();
  writer.key("last");
  writer.string("");
  writer.endObject();
  EXPECT_EQ(out,
            "{\"name\":\"Zoë\",\"count\":3,\"exact\":false,\"items\":[{},[],-7],\"last\":\"\"}");
  EXPECT_TRUE(parsed(out).is_object());
}

TEST(JsonWriter, TextIsEscapedSoThatItReadsBackAsWritten) {
  const std::string text = "a \"quoted\" C:\\path\nline\r\t\x01\x7f <mark>x</mark> 日本 end";
  std::string out;
  JsonWriter writer(out);
  writer.beginArray();
  writer.string(text);
  writer.endArray();
  EXPECT_EQ(parsed(out).as_array().at(0).as_string(), text);
  EXPECT_NE(out.find("\\u007f"), std::string::npos) << out;
}

TEST(JsonWriter, NumbersAreTheShortestTextOfTheSameValue) {
  std::string out;
  JsonWriter writer(out);
  writer.beginArray();
  writer.number(1.0);
  writer.number(0.6);
  writer.number(0.1234);
  writer.number(std::numeric_limits<long long>::max());
  writer.number(std::numeric_limits<double>::quiet_NaN());
  writer.endArray();
  EXPECT_EQ(out, "[1,0.6,0.1234,9223372036854775807,null]");
}

TEST(JsonWriter, TextAlreadyJsonIsWrittenAsItIsInItsPlace) {
  const json::array fields{json::object{{"key", "Title"}, {"value", "Noise \"at night\""}}};
  const auto kept = json::serialize(fields);
  std::string out;
  JsonWriter writer(out);
  writer.beginObject();
  writer.key("first");
  writer.raw(kept);
  writer.key("second");
  writer.raw(kept);
  writer.endObject();
  const auto object = parsed(out).as_object();
  EXPECT_EQ(object.at("first"), fields);
  EXPECT_EQ(object.at("second"), fields);
}

}  // namespace
}  // namespace dossier
