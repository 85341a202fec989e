#include "types/templates.hpp"

#include <boost/json/parse.hpp>
#include <gtest/gtest.h>

namespace dossier::types {
namespace {

namespace json = boost::json;
using types::EntityType;
using types::FieldDef;
using types::FieldType;

EntityType individual() {
  EntityType type;
  type.kind = types::EntityKind::Person;
  type.ref = "IND";
  type.name = "Individual";
  const auto add = [&](const char* id, FieldType fieldType) -> FieldDef& {
    FieldDef field;
    field.id = id;
    field.label = id;
    field.type = fieldType;
    type.fields.push_back(field);
    return type.fields.back();
  };
  add("title", FieldType::Choice).options = {{"Mrs", "Mrs"}, {"Dr", "Doctor"}};
  add("firstName", FieldType::Text);
  add("middleNames", FieldType::Text);
  add("surname", FieldType::Text);
  add("needsSupport", FieldType::YesNo);
  add("address", FieldType::Address);
  add("notes", FieldType::RichText);
  return type;
}

std::string expand(const char* text, const char* values, const char* identifier = "12") {
  return expandTemplate(individual(), text, json::parse(values).as_object(), identifier);
}

TEST(DisplayNameTemplate, FillsInFieldValues) {
  EXPECT_EQ(expand("{firstName} {surname}", R"({"firstName": "Margaret", "surname": "Okafor"})"),
            "Margaret Okafor");
}

TEST(DisplayNameTemplate, AnEmptyValueLeavesNoDoubleOrTrailingSpace) {
  const char* name = "{title} {firstName} {middleNames} {surname}";
  EXPECT_EQ(expand(name, R"({"firstName": "Tomasz", "surname": "Nowak"})"), "Tomasz Nowak");
  EXPECT_EQ(expand(name, R"({"surname": "Nowak"})"), "Nowak");
  EXPECT_EQ(expand(name, R"({"firstName": "Tomasz"})"), "Tomasz");
  EXPECT_EQ(expand(name, "{}"), "");
}

TEST(DisplayNameTemplate, NamesTheRecordAndItsType) {
  EXPECT_EQ(expand("{typeName} {personId}", "{}", "12"), "Individual 12");
  EXPECT_EQ(expand("{caseNumber} · {surname}", R"({"surname": "Okafor"})", "CMP-2026-00001"),
            "CMP-2026-00001 · Okafor");
}

TEST(DisplayNameTemplate, ValuesReadAsAPersonReadsThem) {
  EXPECT_EQ(expand("{title} {surname}", R"({"title": "Dr", "surname": "Raman"})"), "Doctor Raman");
  EXPECT_EQ(expand("Support: {needsSupport}", R"({"needsSupport": true})"), "Support: Yes");
  EXPECT_EQ(
      expand("{surname}, {address}",
             R"({"surname": "Okafor", "address": {"town": "Harbridge", "line1": "14 Cedar Row"}})"),
      "Okafor, 14 Cedar Row, Harbridge");
  EXPECT_EQ(expand("{notes}", R"({"notes": "<p>Bar &amp; kitchen</p>"})"), "Bar & kitchen");
}

TEST(DisplayNameTemplate, APlaceholderNamingNoFieldIsLeftOut) {
  EXPECT_EQ(expand("{nickname}{surname}", R"({"surname": "Okafor"})"), "Okafor");
}

TEST(DisplayNameTemplate, TextOutsideBracesIsKept) {
  EXPECT_EQ(expand("Person: {surname} (ref {personId})", R"({"surname": "Okafor"})", "7"),
            "Person: Okafor (ref 7)");
  EXPECT_EQ(expand("No placeholder", "{}"), "No placeholder");
  EXPECT_EQ(expand("Unclosed {surname", R"({"surname": "Okafor"})"), "Unclosed {surname");
}

}  // namespace
}  // namespace dossier::types
