#include "types/form_validation.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <gtest/gtest.h>

#include "support/catalog_files.hpp"

namespace dossier::types {
namespace {

namespace json = boost::json;

const char* const kComplaint = R"(
kind: case
ref: COMP
name: Complaint
numbering: {prefix: CMP}
statuses:
  - {value: OPEN, name: Open}
  - {value: CLOSED, name: Closed, active: false}
access: {view: [everyone], create: [everyone], modify: [everyone], delete: [everyone]}
fields:
  - {id: title, type: text, label: Title, mandatory: true, maxLength: 20}
  - id: channel
    type: choice
    label: Received by
    mandatory: true
    options: [{value: email}, {value: letter}]
  - {id: letterReference, type: text, label: Letter reference, mandatory: true}
  - {id: reference, type: text, label: Reference, mandatory: true, readOnly: true}
  - {id: lockedNote, type: text, label: Locked note, mandatory: true}
  - {id: outcome, type: choice, label: Outcome, mandatory: true, options: [{value: upheld}]}
  - {id: cost, type: number, label: Cost, minimum: 0}
  - {id: category, type: multichoice, label: About, options: [{value: noise}, {value: waste}]}
  - {id: followUpAt, type: datetime, label: Follow up at}
  - {id: note, type: text, label: Note}
  - {id: urgent, type: yesno, label: Urgent, default: false}
  - {id: unplaced, type: text, label: Not on the form, mandatory: true}
form:
  id: complaint
  layout:
    - type: VBox
      children:
        - field: title
        - field: status
        - field: channel
        - field: letterReference
          visibleWhen: {"==": [{"var": "channel"}, "letter"]}
        - field: reference
        - field: cost
        - field: category
        - field: followUpAt
        - field: note
        - field: urgent
    - type: VBox
      id: locked
      readOnly: true
      children:
        - field: lockedNote
    - type: TabSet
      id: tabs
      children:
        - type: VBox
          label: Details
          children: []
        - type: VBox
          label: Outcome
          visibleWhen: {"==": [{"var": "status"}, "CLOSED"]}
          children:
            - field: outcome
)";

class FormValidation : public ::testing::Test {
 protected:
  testing::TempFolder folder;
  std::shared_ptr<const types::Catalog> catalog =
      testing::loadCatalogFiles(folder, {{"types/complaint.yaml", kComplaint}});
  const types::EntityType& type = *catalog->find(types::EntityKind::Case, "COMP");

  FormValues validate(const char* submitted, const char* stored = R"({"status": "OPEN"})") {
    auto result =
        validateForm(type, json::parse(submitted).as_object(), json::parse(stored).as_object());
    if (!result) {
      ADD_FAILURE() << result.error().message;
      return {};
    }
    return std::move(result.value());
  }

  static std::string errorsOf(const FormValues& form) {
    std::string out;
    for (const auto& [field, message] : form.fieldErrors) {
      out += field + ": " + message + "\n";
    }
    return out;
  }
};

TEST_F(FormValidation, AMandatoryFieldThatIsShownIsRequired) {
  const auto form = validate("{}");
  EXPECT_EQ(form.fieldErrors.at("title"), "Required");
  EXPECT_EQ(form.fieldErrors.at("channel"), "Required");
}

TEST_F(FormValidation, EmptyTextOrAnEmptyChoiceIsMissing) {
  const auto form = validate(R"({"title": "", "channel": ""})");
  EXPECT_EQ(form.fieldErrors.at("title"), "Required");
  EXPECT_EQ(form.fieldErrors.at("channel"), "Required");
}

TEST_F(FormValidation, AFilledInFormHasNoErrors) {
  const auto form = validate(R"({"title": "Noise", "channel": "email"})");
  EXPECT_TRUE(form.fieldErrors.empty()) << errorsOf(form);
  EXPECT_EQ(form.values.at("title"), "Noise");
}

TEST_F(FormValidation, AMandatoryFieldHiddenByItsConditionIsNotRequired) {
  const auto byEmail = validate(R"({"title": "Noise", "channel": "email"})");
  EXPECT_FALSE(byEmail.fieldErrors.contains("letterReference")) << errorsOf(byEmail);

  const auto byLetter = validate(R"({"title": "Noise", "channel": "letter"})");
  EXPECT_EQ(byLetter.fieldErrors.at("letterReference"), "Required");
}

TEST_F(FormValidation, AWrongValueInAHiddenFieldDoesNotBlockTheSaveAndTheStoredOneStays) {
  const auto form = validate(R"({"title": "Noise", "channel": "email", "letterReference": 42})",
                             R"({"status": "OPEN", "letterReference": "L-1"})");
  EXPECT_FALSE(form.fieldErrors.contains("letterReference")) << errorsOf(form);
  EXPECT_EQ(form.values.at("letterReference"), "L-1");

  const auto shown = validate(R"({"title": "Noise", "channel": "letter", "letterReference": 42})");
  EXPECT_EQ(shown.fieldErrors.at("letterReference"), "Must be text.");
}

TEST_F(FormValidation, VisibilityFollowsTheValuesBeingSavedNotThoseStored) {
  const auto form = validate(R"({"channel": "letter"})",
                             R"({"status": "OPEN", "title": "x", "channel": "email"})");
  EXPECT_EQ(form.fieldErrors.at("letterReference"), "Required");
}

TEST_F(FormValidation, AMandatoryFieldOnAHiddenTabIsNotRequired) {
  const auto open = validate(R"({"title": "Noise", "channel": "email", "status": "OPEN"})");
  EXPECT_FALSE(open.fieldErrors.contains("outcome")) << errorsOf(open);

  const auto closed = validate(R"({"title": "Noise", "channel": "email", "status": "CLOSED"})");
  EXPECT_EQ(closed.fieldErrors.at("outcome"), "Required");
}

TEST_F(FormValidation, AMandatoryFieldTheLayoutDoesNotPlaceIsNotRequired) {
  const auto form = validate(R"({"title": "Noise", "channel": "email"})");
  EXPECT_FALSE(form.fieldErrors.contains("unplaced")) << errorsOf(form);
}

TEST_F(FormValidation, AReadOnlyFieldKeepsItsStoredValueWhateverIsSubmitted) {
  const auto form = validate(R"({"title": "Noise", "channel": "email", "reference": "CHANGED"})",
                             R"({"status": "OPEN", "reference": "R-1"})");
  EXPECT_TRUE(form.fieldErrors.empty()) << errorsOf(form);
  EXPECT_EQ(form.values.at("reference"), "R-1");

  // Not even an invalid value or an attempt to clear it gets through.
  const auto invalid = validate(R"({"title": "Noise", "channel": "email", "reference": 42})",
                                R"({"status": "OPEN", "reference": "R-1"})");
  EXPECT_FALSE(invalid.fieldErrors.contains("reference")) << errorsOf(invalid);
  EXPECT_EQ(invalid.values.at("reference"), "R-1");
  const auto cleared = validate(R"({"title": "Noise", "channel": "email", "reference": null})",
                                R"({"status": "OPEN", "reference": "R-1"})");
  EXPECT_EQ(cleared.values.at("reference"), "R-1");
}

TEST_F(FormValidation, AFieldInAReadOnlyContainerKeepsItsStoredValue) {
  const auto form = validate(R"({"title": "Noise", "channel": "email", "lockedNote": "new"})",
                             R"({"status": "OPEN", "lockedNote": "old"})");
  EXPECT_EQ(form.values.at("lockedNote"), "old");
}

TEST_F(FormValidation, AnEmptyReadOnlyMandatoryFieldDoesNotBlockTheSave) {
  const auto form = validate(R"({"title": "Noise", "channel": "email"})");
  EXPECT_FALSE(form.fieldErrors.contains("reference")) << errorsOf(form);
  EXPECT_FALSE(form.fieldErrors.contains("lockedNote")) << errorsOf(form);
}

TEST_F(FormValidation, AFieldTheFormDoesNotHaveIsABadRequest) {
  const auto result =
      validateForm(type, json::parse(R"({"title": "x", "colour": "red"})").as_object(), {});
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.error().kind, ErrorKind::BadRequest);
  EXPECT_EQ(result.error().code, "types.form_unknown_field");
  EXPECT_EQ(result.error().message, "The Complaint form has no field 'colour'.");
}

TEST_F(FormValidation, EachWrongValueGetsItsOwnMessage) {
  const auto form = validate(
      R"({"title": "A title far too long for this", "channel": "fax", "cost": -1,
          "category": ["noise", "smell"]})");
  EXPECT_EQ(form.fieldErrors.at("title"), "Must be at most 20 characters.");
  EXPECT_EQ(form.fieldErrors.at("channel"), "Must be one of the listed options.");
  EXPECT_EQ(form.fieldErrors.at("cost"), "Must be at least 0.");
  EXPECT_EQ(form.fieldErrors.at("category"), "Must be a list of the listed options.");
}

TEST_F(FormValidation, ValuesAreStoredNormalized) {
  const auto form = validate(
      R"({"title": "Noise", "channel": "email", "cost": "12.50", "category": ["waste", "waste"],
          "followUpAt": "2026-03-14T09:30:00Z"})");
  ASSERT_TRUE(form.fieldErrors.empty()) << errorsOf(form);
  EXPECT_EQ(form.values.at("cost"), json::value(12.5));
  EXPECT_EQ(form.values.at("category"), json::parse(R"(["waste"])"));
  EXPECT_EQ(form.values.at("followUpAt"), "2026-03-14T09:30:00.000Z");
}

TEST_F(FormValidation, FieldsLeftOutOfTheSubmissionKeepTheirStoredValues) {
  const auto form =
      validate(R"({"note": "called back"})",
               R"({"status": "OPEN", "title": "Noise", "channel": "email", "cost": 5})");
  EXPECT_TRUE(form.fieldErrors.empty()) << errorsOf(form);
  EXPECT_EQ(form.values.at("title"), "Noise");
  EXPECT_EQ(form.values.at("cost"), json::value(5));
  EXPECT_EQ(form.values.at("note"), "called back");
}

TEST_F(FormValidation, ClearingAFieldRemovesItsValue) {
  const auto form = validate(R"({"note": "", "cost": null})",
                             R"({"status": "OPEN", "title": "Noise", "channel": "email",
                                 "note": "old", "cost": 5})");
  EXPECT_TRUE(form.fieldErrors.empty()) << errorsOf(form);
  EXPECT_FALSE(form.values.contains("note"));
  EXPECT_FALSE(form.values.contains("cost"));
}

TEST_F(FormValidation, ANewRecordStartsWithEachFieldsDefault) {
  const auto defaults = defaultValues(type);
  EXPECT_EQ(json::value(defaults), json::parse(R"({"urgent": false, "status": "OPEN"})"))
      << json::serialize(defaults);
}

}  // namespace
}  // namespace dossier::types
