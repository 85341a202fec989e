#include "types/layout_components.hpp"

#include <boost/json/parse.hpp>
#include <gtest/gtest.h>

#include "support/temp_folder.hpp"
#include "types/type_loader.hpp"

namespace dossier::types {
namespace {

namespace json = boost::json;

const char* const kCase = R"yaml(kind: case
ref: CASE
name: Case file
numbering: {prefix: CAS}
statuses: [{value: OPEN}]
access: {view: [everyone]}
fields:
  - {id: title, type: text, label: Title}
form:
  id: case-file
  layout:
    - type: HBox
      id: top
      children:
        - field: title
        - fact: caseNumber
        - {fact: caseType, hiddenOnSmallDevice: true}
    - {type: Text, id: said, text: Nothing to see here.}
    - {type: Text, id: filled, label: Summary, text: "{caseNumber} is about {title}"}
    - {fact: createdAt, label: Opened on}
)yaml";

class LayoutComponents : public ::testing::Test {
 protected:
  testing::TempFolder root;
  Catalog catalog;

  void SetUp() override {
    root.write("types/case.yaml", kCase);
    ConfigErrors errors;
    catalog = loadCatalog(root.path(), errors);
    ASSERT_TRUE(errors.empty()) << errors.describe();
  }

  const EntityType& type() const { return *catalog.find(EntityKind::Case, "CASE"); }
};

TEST_F(LayoutComponents, LeaveAHoleForEachValueThatDiffersFromRecordToRecordInLayoutOrder) {
  const auto prepared = prepareComponents(type(), false);
  ASSERT_EQ(prepared.values.size(), 3u);
  EXPECT_EQ(prepared.parts.size(), 4u);
  EXPECT_EQ(prepared.values[0].fact, "caseNumber");
  EXPECT_EQ(prepared.values[1].textTemplate, "{caseNumber} is about {title}");
  EXPECT_EQ(prepared.values[2].fact, "createdAt");
}

TEST_F(LayoutComponents, FillEachHoleWithItsValueAndKeepTheRestAsMade) {
  const auto text =
      prepareComponents(type(), false)
          .fill({json::value("CAS-2026-00001"), json::value("CAS-2026-00001 is about Bins"),
                 json::value("2026-03-01T09:30:00.000Z")});
  const auto components = json::parse(text).as_array();
  ASSERT_EQ(components.size(), 4u);
  const auto& top = components[0].as_object();
  const auto& children = top.at("children").as_array();
  ASSERT_EQ(children.size(), 3u) << "the components after a hole stay in their container";
  EXPECT_EQ(children[0].at("referenceCode"), "title");
  EXPECT_EQ(children[0].as_object().if_contains("value"), nullptr)
      << "a field's value travels in the form's data, not twice";
  EXPECT_EQ(children[1], json::parse(R"({"id":"caseNumber","type":"TextField","label":"Case number",
      "readonly":true,"fact":"caseNumber","hiddenOnSmallDevice":false,"hiddenOnMediumDevice":false,
      "value":"CAS-2026-00001"})"));
  EXPECT_EQ(children[2], json::parse(R"({"id":"caseType","type":"ChoiceField","label":"Case type",
      "readonly":true,"fact":"caseType","options":[{"textField":"Case file","valueField":"CASE"}],
      "value":"CASE","hiddenOnSmallDevice":true,"hiddenOnMediumDevice":false})"))
      << "the type's id is the same for every record: written in when the layout is made";
  EXPECT_EQ(components[1].at("value"), "Nothing to see here.") << "a text that names nothing";
  EXPECT_EQ(components[1].at("type"), "Text");
  EXPECT_EQ(components[2].at("value"), "CAS-2026-00001 is about Bins");
  EXPECT_EQ(components[2].at("label"), "Summary");
  EXPECT_EQ(components[3].at("type"), "DateTimeField");
  EXPECT_EQ(components[3].at("label"), "Opened on");
  EXPECT_EQ(components[3].at("value"), "2026-03-01T09:30:00.000Z");
}

TEST_F(LayoutComponents, ShowFactsAndTextsReadOnlyInAnEditableForm) {
  const auto components =
      json::parse(prepareComponents(type(), false).fill({nullptr, nullptr, nullptr})).as_array();
  EXPECT_EQ(components[0].at("children").at(0).at("readonly"), false);
  EXPECT_EQ(components[0].at("children").at(1).at("readonly"), true);
  EXPECT_EQ(components[1].at("readonly"), true);
  EXPECT_TRUE(components[3].at("value").is_null()) << "a new record's fact is not known yet";
}

TEST_F(LayoutComponents, AreOnePieceOfTextWhenNothingDiffersFromRecordToRecord) {
  root.write("types/case.yaml", R"yaml(kind: case
ref: CASE
name: Case file
numbering: {prefix: CAS}
statuses: [{value: OPEN}]
access: {view: [everyone]}
fields:
  - {id: title, type: text, label: Title}
form:
  id: case-file
  layout:
    - {type: VBox, id: main, children: [{field: title}, {fact: caseType}]}
)yaml");
  ConfigErrors errors;
  const auto reloaded = loadCatalog(root.path(), errors);
  ASSERT_TRUE(errors.empty()) << errors.describe();
  const auto& prepared = reloaded.find(EntityKind::Case, "CASE")->preparedComponents[1];
  ASSERT_EQ(prepared.parts.size(), 1u);
  EXPECT_TRUE(prepared.values.empty());
  const auto components = json::parse(prepared.fill({})).as_array();
  EXPECT_EQ(components[0].at("children").at(0).at("readonly"), true) << "the read-only variant";
  EXPECT_EQ(components[0].at("children").at(1).at("value"), "CASE");
}

}  // namespace
}  // namespace dossier::types
