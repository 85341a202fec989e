#include "types/visibility.hpp"

#include <boost/json/parse.hpp>
#include <gtest/gtest.h>

#include "support/catalog_files.hpp"

namespace dossier::types {
namespace {

namespace json = boost::json;

const char* const kLicence = R"(
kind: case
ref: LIC
name: Licence application
numbering: {prefix: LIC}
statuses: [{value: NEW}, {value: GRANTED}]
access: {view: [everyone]}
fields:
  - {id: premises, type: text, label: Premises}
  - {id: alcohol, type: yesno, label: Sells alcohol}
  - {id: hours, type: text, label: Hours}
  - {id: supervisor, type: text, label: Supervisor}
  - {id: conditions, type: multiline, label: Conditions}
  - {id: grantedBy, type: text, label: Granted by}
  - {id: fee, type: number, label: Fee, readOnly: true}
  - {id: notOnForm, type: text, label: Not on the form}
form:
  id: licence
  layout:
    - field: premises
    - type: Section
      id: alcohol-section
      label: Alcohol
      visibleWhen: {"==": [{"var": "alcohol"}, true]}
      children:
        - field: hours
        - field: supervisor
          visibleWhen: {"!!": {"var": "hours"}}
    - type: TabSet
      id: tabs
      children:
        - type: VBox
          label: Conditions
          children:
            - field: alcohol
            - field: conditions
        - type: VBox
          label: Decision
          visibleWhen: {"==": [{"var": "status"}, "GRANTED"]}
          readOnly: true
          children:
            - type: HBox
              children:
                - field: grantedBy
    - field: fee
    - field: status
)";

class FieldPlacement : public ::testing::Test {
 protected:
  testing::TempFolder folder;
  std::shared_ptr<const types::Catalog> catalog =
      testing::loadCatalogFiles(folder, {{"types/licence.yaml", kLicence}});
  const types::EntityType& type = *catalog->find(types::EntityKind::Case, "LIC");

  std::map<std::string, Placement> place(const char* values) {
    return placeFields(type, json::parse(values).as_object());
  }
};

TEST_F(FieldPlacement, AFieldWithoutConditionsIsShown) {
  const auto placed = place("{}");
  EXPECT_TRUE(placed.at("premises").visible);
  EXPECT_TRUE(placed.at("alcohol").visible);
  EXPECT_TRUE(placed.at("status").visible);
}

TEST_F(FieldPlacement, ASectionsConditionHidesEverythingInIt) {
  const auto without = place(R"({"alcohol": false, "hours": "9-5"})");
  EXPECT_FALSE(without.at("hours").visible);
  EXPECT_FALSE(without.at("supervisor").visible);

  const auto with = place(R"({"alcohol": true, "hours": "9-5"})");
  EXPECT_TRUE(with.at("hours").visible);
  EXPECT_TRUE(with.at("supervisor").visible);
}

TEST_F(FieldPlacement, AFieldNeedsItsOwnConditionAndEveryContainersAboveIt) {
  EXPECT_FALSE(place(R"({"alcohol": true})").at("supervisor").visible);
  EXPECT_FALSE(place(R"({"alcohol": false, "hours": "9-5"})").at("supervisor").visible);
  EXPECT_TRUE(place(R"({"alcohol": true, "hours": "9-5"})").at("supervisor").visible);
}

TEST_F(FieldPlacement, ATabsConditionHidesTheFieldsOnIt) {
  EXPECT_FALSE(place(R"({"status": "NEW"})").at("grantedBy").visible);
  EXPECT_TRUE(place(R"({"status": "GRANTED"})").at("grantedBy").visible);
  EXPECT_TRUE(place(R"({"status": "NEW"})").at("conditions").visible);
}

TEST_F(FieldPlacement, AReadOnlyContainerMakesEveryFieldBelowItReadOnly) {
  const auto placed = place(R"({"status": "GRANTED"})");
  EXPECT_TRUE(placed.at("grantedBy").readOnly);
  EXPECT_FALSE(placed.at("conditions").readOnly);
  EXPECT_FALSE(placed.at("premises").readOnly);
}

TEST_F(FieldPlacement, AFieldMarkedReadOnlyIsReadOnly) {
  EXPECT_TRUE(place("{}").at("fee").readOnly);
}

TEST_F(FieldPlacement, AFieldTheLayoutDoesNotPlaceIsNotShown) {
  const auto placed = place("{}");
  ASSERT_TRUE(placed.contains("notOnForm"));
  EXPECT_FALSE(placed.at("notOnForm").visible);
}

}  // namespace
}  // namespace dossier::types
