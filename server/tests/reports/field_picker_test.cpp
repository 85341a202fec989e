#include "reports/field_picker.hpp"

#include <gtest/gtest.h>

namespace dossier::reports {
namespace {

using Kind = FieldPicker::Value::Kind;

TEST(FieldPicker, TakesTheWantedFieldsOfTheRootObjectAsTheyAre) {
  FieldPicker picker({"title", "count", "big", "cost", "urgent", "gone", "absent"});
  ASSERT_TRUE(
      picker.read(R"({"title":"Dog \"Rex\" \u00e9 barking","count":-12,"big":18446744073709551615,)"
                  R"("cost":12.5,"urgent":true,"gone":null,"other":{"title":"not this one"}})"));
  EXPECT_EQ(picker[0].kind, Kind::Text);
  EXPECT_EQ(picker[0].text, "Dog \"Rex\" \xC3\xA9 barking");
  EXPECT_EQ(picker[1].kind, Kind::Integer);
  EXPECT_EQ(picker[1].integer, -12);
  EXPECT_EQ(picker[2].kind, Kind::Unsigned);
  EXPECT_EQ(picker[2].unsignedInteger, 18446744073709551615ULL);
  EXPECT_EQ(picker[3].kind, Kind::Real);
  EXPECT_DOUBLE_EQ(picker[3].real, 12.5);
  EXPECT_EQ(picker[4].kind, Kind::Boolean);
  EXPECT_TRUE(picker[4].boolean);
  EXPECT_EQ(picker[5].kind, Kind::Null);
  EXPECT_EQ(picker[6].kind, Kind::Missing);
}

TEST(FieldPicker, AListOrAnObjectIsNestedAndWhatIsInsideItIsNotTaken) {
  FieldPicker picker({"tags", "address", "title"});
  ASSERT_TRUE(picker.read(R"({"tags":["a","title"],"address":{"title":"x"},"title":"kept"})"));
  EXPECT_EQ(picker[0].kind, Kind::Nested);
  EXPECT_EQ(picker[1].kind, Kind::Nested);
  EXPECT_EQ(picker[2].kind, Kind::Text);
  EXPECT_EQ(picker[2].text, "kept");
}

TEST(FieldPicker, EachReadStartsAfresh) {
  FieldPicker picker({"title"});
  ASSERT_TRUE(picker.read(R"({"title":"first"})"));
  ASSERT_TRUE(picker.read(R"({"other":"second"})"));
  EXPECT_EQ(picker[0].kind, Kind::Missing);
  ASSERT_TRUE(picker.read(R"({"title":"third","title":"last"})"));
  EXPECT_EQ(picker[0].text, "last");
}

TEST(FieldPicker, WhatIsNotAJsonObjectHasNoFields) {
  FieldPicker picker({"title"});
  for (const char* text : {"", "[1,2]", "\"title\"", "{\"title\":", "{\"title\":\"x\"} trailing"}) {
    EXPECT_FALSE(picker.read(text)) << text;
    EXPECT_EQ(picker[0].kind, Kind::Missing) << text;
  }
}

TEST(FieldPicker, ALongTextIsTakenWhole) {
  const std::string longText(100'000, 'x');
  FieldPicker picker({"notes"});
  ASSERT_TRUE(picker.read("{\"notes\":\"" + longText + "\\n\"}"));
  EXPECT_EQ(picker[0].text, longText + "\n");
}

}  // namespace
}  // namespace dossier::reports
