#include "types/field_values.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <gtest/gtest.h>

namespace dossier::types {
namespace {

namespace json = boost::json;
using types::FieldDef;
using types::FieldType;

FieldDef fieldOf(FieldType type) {
  FieldDef field;
  field.id = "f";
  field.label = "F";
  field.type = type;
  return field;
}

FieldDef choiceField(FieldType type = FieldType::Choice) {
  auto field = fieldOf(type);
  field.options = {{"noise", "Noise"}, {"waste", "Waste and litter"}, {"parking", "Parking"}};
  return field;
}

// The value a field keeps for a submitted JSON text; fails the test when it is refused.
json::value accepted(const FieldDef& field, const char* submitted) {
  const auto check = checkFieldValue(field, json::parse(submitted));
  EXPECT_FALSE(check.error.has_value()) << submitted << ": " << check.error.value_or("");
  return check.value;
}

// The message for a submitted JSON text; fails the test when it is accepted.
std::string refused(const FieldDef& field, const char* submitted) {
  const auto check = checkFieldValue(field, json::parse(submitted));
  EXPECT_TRUE(check.error.has_value())
      << submitted << " was accepted as " << json::serialize(check.value);
  return check.error.value_or("");
}

std::string quoted(const std::string& text) {
  return json::serialize(json::value(text));
}

std::string repeat(const std::string& unit, int times) {
  std::string out;
  for (int i = 0; i < times; ++i) {
    out += unit;
  }
  return out;
}

// Text ------------------------------------------------------------------------------------------

TEST(TextField, KeepsTheTextAsTyped) {
  EXPECT_EQ(accepted(fieldOf(FieldType::Text), R"("Loud music after midnight")"),
            json::value("Loud music after midnight"));
}

TEST(TextField, EmptyTextOrNullIsNoValue) {
  EXPECT_TRUE(accepted(fieldOf(FieldType::Text), R"("")").is_null());
  EXPECT_TRUE(accepted(fieldOf(FieldType::Text), "null").is_null());
}

TEST(TextField, RefusesAValueThatIsNotText) {
  EXPECT_EQ(refused(fieldOf(FieldType::Text), "42"), "Must be text.");
  EXPECT_EQ(refused(fieldOf(FieldType::MultiLineText), "[\"a\"]"), "Must be text.");
  EXPECT_EQ(refused(fieldOf(FieldType::RichText), "true"), "Must be text.");
}

TEST(TextField, TheLimitCountsCharactersNotBytes) {
  auto field = fieldOf(FieldType::Text);
  field.maxLength = 10;
  // Ten accented letters are twenty bytes in UTF-8, but ten characters.
  EXPECT_EQ(accepted(field, quoted(repeat("é", 10)).c_str()), json::value(repeat("é", 10)));
  EXPECT_EQ(refused(field, quoted(repeat("é", 11)).c_str()), "Must be at most 10 characters.");
  EXPECT_EQ(accepted(field, quoted(repeat("x", 10)).c_str()), json::value(repeat("x", 10)));
  EXPECT_EQ(refused(field, quoted(repeat("x", 11)).c_str()), "Must be at most 10 characters.");
}

TEST(TextField, WithoutAConfiguredLimitEachKindHasItsOwn) {
  EXPECT_EQ(defaultMaxLength(FieldType::Text), 1000);
  EXPECT_EQ(defaultMaxLength(FieldType::MultiLineText), 10000);
  EXPECT_EQ(defaultMaxLength(FieldType::RichText), 100000);

  const auto text = fieldOf(FieldType::Text);
  accepted(text, quoted(repeat("a", 1000)).c_str());
  EXPECT_EQ(refused(text, quoted(repeat("a", 1001)).c_str()), "Must be at most 1000 characters.");

  const auto multiLine = fieldOf(FieldType::MultiLineText);
  accepted(multiLine, quoted(repeat("a", 10000)).c_str());
  EXPECT_EQ(refused(multiLine, quoted(repeat("a", 10001)).c_str()),
            "Must be at most 10000 characters.");
}

TEST(TextField, MultiLineTextKeepsItsLineBreaks) {
  EXPECT_EQ(accepted(fieldOf(FieldType::MultiLineText), R"("first\nsecond")"),
            json::value("first\nsecond"));
}

TEST(RichTextField, IsStoredSanitized) {
  EXPECT_EQ(accepted(fieldOf(FieldType::RichText),
                     R"("<p onclick=\"x()\">Hi <b>there</b><script>alert(1)</script></p>")"),
            json::value("<p>Hi <b>there</b></p>"));
}

TEST(RichTextField, MarkupWithoutTextIsNoValue) {
  EXPECT_TRUE(accepted(fieldOf(FieldType::RichText), R"("<p></p>")").is_null());
  EXPECT_TRUE(accepted(fieldOf(FieldType::RichText), R"("<p><br></p>")").is_null());
  EXPECT_TRUE(accepted(fieldOf(FieldType::RichText), R"("<script>alert(1)</script>")").is_null());
}

TEST(RichTextField, MoreThan256KBIsRefusedBeforeItIsRead) {
  // Rich text under the bound is read and checked against the field's length …
  std::string markup = "\"";
  while (markup.size() < 90 * 1024) {
    markup += "<p><b>x</b></p>";
  }
  EXPECT_FALSE(checkFieldValue(fieldOf(FieldType::RichText), json::parse(markup + "\"")).error);
  // … beyond it, not.
  const std::string big = "\"" + std::string(256 * 1024 + 1, 'a') + "\"";
  EXPECT_EQ(refused(fieldOf(FieldType::RichText), big.c_str()), "Rich text can be at most 256 KB.");
}

TEST(RichTextField, TheLimitAppliesToTheSanitizedText) {
  auto field = fieldOf(FieldType::RichText);
  field.maxLength = 20;
  // 34 characters as sent, 20 once the attribute is dropped.
  accepted(field, R"("<p class=\"intro\">1234567890123</p>")");
  EXPECT_EQ(refused(field, R"("<p>12345678901234</p>")"), "Must be at most 20 characters.");
}

// Number ----------------------------------------------------------------------------------------

TEST(NumberField, KeepsANumber) {
  EXPECT_EQ(accepted(fieldOf(FieldType::Number), "42"), json::value(42));
  EXPECT_EQ(accepted(fieldOf(FieldType::Number), "-3.25"), json::value(-3.25));
  EXPECT_EQ(accepted(fieldOf(FieldType::Number), "0"), json::value(0));
}

TEST(NumberField, AWholeNumberIsStoredAsAWholeNumber) {
  const auto value = accepted(fieldOf(FieldType::Number), "7.0");
  ASSERT_TRUE(value.is_int64()) << json::serialize(value);
  EXPECT_EQ(value.get_int64(), 7);
}

TEST(NumberField, ReadsANumberTypedAsText) {
  EXPECT_EQ(accepted(fieldOf(FieldType::Number), R"("42")"), json::value(42));
  EXPECT_EQ(accepted(fieldOf(FieldType::Number), R"(" 12.5 ")"), json::value(12.5));
  EXPECT_EQ(accepted(fieldOf(FieldType::Number), R"("1e3")"), json::value(1000));
}

TEST(NumberField, BlankTextIsNoValue) {
  EXPECT_TRUE(accepted(fieldOf(FieldType::Number), R"("")").is_null());
  EXPECT_TRUE(accepted(fieldOf(FieldType::Number), R"("   ")").is_null());
}

TEST(NumberField, RefusesWhatIsNotANumber) {
  const auto field = fieldOf(FieldType::Number);
  EXPECT_EQ(refused(field, R"("twelve")"), "Must be a number.");
  EXPECT_EQ(refused(field, R"("12abc")"), "Must be a number.");
  EXPECT_EQ(refused(field, R"("12 34")"), "Must be a number.");
  EXPECT_EQ(refused(field, "true"), "Must be a number.");
  EXPECT_EQ(refused(field, "[1]"), "Must be a number.");
  EXPECT_EQ(refused(field, R"("inf")"), "Must be a number.");
  EXPECT_EQ(refused(field, R"("nan")"), "Must be a number.");
}

TEST(NumberField, HonoursMinimumAndMaximum) {
  auto field = fieldOf(FieldType::Number);
  field.minimum = 0;
  field.maximum = 1000000;
  EXPECT_EQ(accepted(field, "0"), json::value(0));
  EXPECT_EQ(accepted(field, "1000000"), json::value(1000000));
  EXPECT_EQ(refused(field, "-0.01"), "Must be at least 0.");
  EXPECT_EQ(refused(field, "1000000.5"), "Must be at most 1000000.");
  EXPECT_EQ(refused(field, R"("-5")"), "Must be at least 0.");
}

TEST(NumberField, AFractionalLimitIsWrittenAsAFraction) {
  auto field = fieldOf(FieldType::Number);
  field.minimum = 2.5;
  EXPECT_EQ(refused(field, "2"), "Must be at least 2.5.");
}

// Date ------------------------------------------------------------------------------------------

TEST(DateField, KeepsAnIsoDate) {
  EXPECT_EQ(accepted(fieldOf(FieldType::Date), R"("2026-03-14")"), json::value("2026-03-14"));
  EXPECT_TRUE(accepted(fieldOf(FieldType::Date), R"("")").is_null());
}

TEST(DateField, The29thOfFebruaryExistsOnlyInLeapYears) {
  const auto field = fieldOf(FieldType::Date);
  accepted(field, R"("2024-02-29")");
  accepted(field, R"("2000-02-29")");
  EXPECT_EQ(refused(field, R"("2023-02-29")"), "Must be a date (YYYY-MM-DD).");
  EXPECT_EQ(refused(field, R"("1900-02-29")"), "Must be a date (YYYY-MM-DD).");
  EXPECT_EQ(refused(field, R"("2024-02-30")"), "Must be a date (YYYY-MM-DD).");
}

TEST(DateField, RefusesDaysAndMonthsThatDoNotExist) {
  const auto field = fieldOf(FieldType::Date);
  accepted(field, R"("2026-12-31")");
  EXPECT_EQ(refused(field, R"("2026-04-31")"), "Must be a date (YYYY-MM-DD).");
  EXPECT_EQ(refused(field, R"("2026-13-01")"), "Must be a date (YYYY-MM-DD).");
  EXPECT_EQ(refused(field, R"("2026-00-10")"), "Must be a date (YYYY-MM-DD).");
  EXPECT_EQ(refused(field, R"("2026-01-00")"), "Must be a date (YYYY-MM-DD).");
}

TEST(DateField, RefusesOtherWaysOfWritingADate) {
  const auto field = fieldOf(FieldType::Date);
  EXPECT_EQ(refused(field, R"("14/03/2026")"), "Must be a date (YYYY-MM-DD).");
  EXPECT_EQ(refused(field, R"("2026-3-14")"), "Must be a date (YYYY-MM-DD).");
  EXPECT_EQ(refused(field, R"("2026-03-14T10:00:00Z")"), "Must be a date (YYYY-MM-DD).");
  EXPECT_EQ(refused(field, "20260314"), "Must be a date.");
}

TEST(DateField, RefusesADateWithLettersOrSpacesInIt) {
  const auto field = fieldOf(FieldType::Date);
  EXPECT_EQ(refused(field, R"("2026-03-1x")"), "Must be a date (YYYY-MM-DD).");
  EXPECT_EQ(refused(field, R"("2026-03- 4")"), "Must be a date (YYYY-MM-DD).");
  EXPECT_EQ(refused(field, R"("+026-03-14")"), "Must be a date (YYYY-MM-DD).");
}

// Date and time ---------------------------------------------------------------------------------

TEST(DateTimeField, IsStoredInUtcWithMilliseconds) {
  const auto field = fieldOf(FieldType::DateTime);
  EXPECT_EQ(accepted(field, R"("2026-03-14T09:30:00Z")"), json::value("2026-03-14T09:30:00.000Z"));
  EXPECT_EQ(accepted(field, R"("2026-03-14T09:30:00.5Z")"),
            json::value("2026-03-14T09:30:00.500Z"));
  EXPECT_EQ(accepted(field, R"("2026-03-14T09:30:00.123Z")"),
            json::value("2026-03-14T09:30:00.123Z"));
  EXPECT_TRUE(accepted(field, R"("")").is_null());
}

TEST(DateTimeField, RefusesATimeThatIsNotUtc) {
  const auto field = fieldOf(FieldType::DateTime);
  const std::string message = "Must be a date and time in UTC (YYYY-MM-DDTHH:MM:SSZ).";
  EXPECT_EQ(refused(field, R"("2026-03-14T09:30:00+01:00")"), message);
  EXPECT_EQ(refused(field, R"("2026-03-14T09:30:00")"), message);
  EXPECT_EQ(refused(field, R"("2026-03-14")"), message);
  EXPECT_EQ(refused(field, R"("2026-03-14T25:00:00Z")"), message);
  EXPECT_EQ(refused(field, "1773480600"), "Must be a date and time.");
}

TEST(DateTimeField, AnImpossibleDayIsRefusedNotMovedToTheNextMonth) {
  const auto field = fieldOf(FieldType::DateTime);
  const std::string message = "Must be a date and time in UTC (YYYY-MM-DDTHH:MM:SSZ).";
  EXPECT_EQ(refused(field, R"("2023-02-29T10:00:00Z")"), message);
  EXPECT_EQ(refused(field, R"("2026-04-31T10:00:00Z")"), message);
  EXPECT_EQ(accepted(field, R"("2024-02-29T10:00:00Z")"), json::value("2024-02-29T10:00:00.000Z"));
}

// Yes/no ----------------------------------------------------------------------------------------

TEST(YesNoField, TakesTrueOrFalseOnly) {
  const auto field = fieldOf(FieldType::YesNo);
  EXPECT_EQ(accepted(field, "true"), json::value(true));
  EXPECT_EQ(accepted(field, "false"), json::value(false));
  EXPECT_TRUE(accepted(field, "null").is_null());
  EXPECT_EQ(refused(field, R"("yes")"), "Must be yes or no.");
  EXPECT_EQ(refused(field, "1"), "Must be yes or no.");
}

// Choice and multichoice ------------------------------------------------------------------------

TEST(ChoiceField, TakesOneOfItsOptions) {
  const auto field = choiceField();
  EXPECT_EQ(accepted(field, R"("waste")"), json::value("waste"));
  EXPECT_TRUE(accepted(field, R"("")").is_null());
}

TEST(ChoiceField, RefusesAnythingElse) {
  const auto field = choiceField();
  EXPECT_EQ(refused(field, R"("Waste")"), "Must be one of the listed options.");
  EXPECT_EQ(refused(field, R"("Waste and litter")"), "Must be one of the listed options.");
  EXPECT_EQ(refused(field, "1"), "Must be one of the listed options.");
  EXPECT_EQ(refused(field, R"(["waste"])"), "Must be one of the listed options.");
}

TEST(MultiChoiceField, TakesAListOfItsOptionsInTheOrderChosen) {
  EXPECT_EQ(accepted(choiceField(FieldType::MultiChoice), R"(["parking", "noise"])"),
            json::parse(R"(["parking", "noise"])"));
}

TEST(MultiChoiceField, AnOptionChosenTwiceIsKeptOnce) {
  EXPECT_EQ(accepted(choiceField(FieldType::MultiChoice), R"(["noise", "waste", "noise"])"),
            json::parse(R"(["noise", "waste"])"));
}

TEST(MultiChoiceField, AnEmptyListIsNoValue) {
  EXPECT_TRUE(accepted(choiceField(FieldType::MultiChoice), "[]").is_null());
}

TEST(MultiChoiceField, RefusesAnUnknownOptionOrAnythingButAList) {
  const auto field = choiceField(FieldType::MultiChoice);
  EXPECT_EQ(refused(field, R"(["noise", "smells"])"), "Must be a list of the listed options.");
  EXPECT_EQ(refused(field, R"("noise")"), "Must be a list of the listed options.");
  EXPECT_EQ(refused(field, R"([1])"), "Must be a list of the listed options.");
}

// Address ---------------------------------------------------------------------------------------

TEST(AddressField, KeepsItsPartsAndDropsEmptyOnes) {
  EXPECT_EQ(accepted(fieldOf(FieldType::Address),
                     R"({"line1": "14 Cedar Row", "line2": "", "town": "Harbridge",
                         "county": null, "postcode": "HB4 7QT", "country": "United Kingdom"})"),
            json::parse(R"({"line1": "14 Cedar Row", "town": "Harbridge", "postcode": "HB4 7QT",
                            "country": "United Kingdom"})"));
}

TEST(AddressField, AnAddressWithNothingInItIsNoValue) {
  EXPECT_TRUE(accepted(fieldOf(FieldType::Address), "{}").is_null());
  EXPECT_TRUE(accepted(fieldOf(FieldType::Address), R"({"line1": "", "town": null})").is_null());
}

TEST(AddressField, RefusesAPartItDoesNotHave) {
  EXPECT_EQ(refused(fieldOf(FieldType::Address), R"({"line1": "1 High St", "street": "x"})"),
            "An address has no part called 'street'.");
}

TEST(AddressField, EachLineIsTextOfAtMost100Characters) {
  const auto field = fieldOf(FieldType::Address);
  EXPECT_EQ(refused(field, R"({"line1": 14})"), "Each line of an address must be text.");
  accepted(field, ("{\"line1\": " + quoted(repeat("ß", 100)) + "}").c_str());
  EXPECT_EQ(refused(field, ("{\"town\": " + quoted(repeat("a", 101)) + "}").c_str()),
            "Each line of an address must be at most 100 characters.");
}

TEST(AddressField, RefusesAnythingButAnObject) {
  EXPECT_EQ(refused(fieldOf(FieldType::Address), R"("14 Cedar Row, Harbridge")"),
            "Must be an address.");
}

// Pickers ---------------------------------------------------------------------------------------

TEST(PersonPicker, NamesAPersonByNumber) {
  const auto field = fieldOf(FieldType::PersonPicker);
  EXPECT_EQ(accepted(field, "12"), json::parse(R"({"id": 12})"));
  EXPECT_EQ(accepted(field, R"("12")"), json::parse(R"({"id": 12})"));
  EXPECT_EQ(accepted(field, R"({"id": 12})"), json::parse(R"({"id": 12})"));
  EXPECT_EQ(accepted(field, R"({"id": "12"})"), json::parse(R"({"id": 12})"));
}

TEST(PersonPicker, KeepsOnlyTheIdOfWhatTheFormSends) {
  EXPECT_EQ(accepted(fieldOf(FieldType::PersonPicker),
                     R"({"id": 12, "display": "Margaret Okafor", "kind": "person"})"),
            json::parse(R"({"id": 12})"));
}

TEST(PersonPicker, NoIdIsNoValue) {
  const auto field = fieldOf(FieldType::PersonPicker);
  EXPECT_TRUE(accepted(field, R"("")").is_null());
  EXPECT_TRUE(accepted(field, R"({"id": null})").is_null());
  EXPECT_TRUE(accepted(field, R"({"display": "Someone"})").is_null());
}

TEST(PersonPicker, RefusesAnythingButAPositiveNumber) {
  const auto field = fieldOf(FieldType::PersonPicker);
  EXPECT_EQ(refused(field, "0"), "Must name a person by number.");
  EXPECT_EQ(refused(field, "-4"), "Must name a person by number.");
  EXPECT_EQ(refused(field, R"("Margaret")"), "Must name a person by number.");
  EXPECT_EQ(refused(field, R"("12a")"), "Must name a person by number.");
  EXPECT_EQ(refused(field, R"({"id": true})"), "Must name a person by number.");
}

TEST(CasePicker, NamesACaseByItsCaseNumber) {
  const auto field = fieldOf(FieldType::CasePicker);
  EXPECT_EQ(accepted(field, R"("CMP-2026-00001")"), json::parse(R"({"id": "CMP-2026-00001"})"));
  EXPECT_EQ(accepted(field, R"({"id": "LIC-2026-00002", "display": "Bar licence"})"),
            json::parse(R"({"id": "LIC-2026-00002"})"));
  EXPECT_TRUE(accepted(field, R"({"id": ""})").is_null());
}

TEST(CasePicker, RefusesANumberOrAnOverlongCaseNumber) {
  const auto field = fieldOf(FieldType::CasePicker);
  EXPECT_EQ(refused(field, "42"), "Must name a case by its case number.");
  accepted(field, quoted(repeat("C", 50)).c_str());
  EXPECT_EQ(refused(field, quoted(repeat("C", 51)).c_str()),
            "Must name a case by its case number.");
}

// Empty values ----------------------------------------------------------------------------------

TEST(EmptyValue, IsNullEmptyTextAnEmptyListOrAnEmptyAddress) {
  EXPECT_TRUE(isEmptyValue(json::parse("null")));
  EXPECT_TRUE(isEmptyValue(json::parse(R"("")")));
  EXPECT_TRUE(isEmptyValue(json::parse("[]")));
  EXPECT_TRUE(isEmptyValue(json::parse("{}")));
  EXPECT_FALSE(isEmptyValue(json::parse("false")));
  EXPECT_FALSE(isEmptyValue(json::parse("0")));
  EXPECT_FALSE(isEmptyValue(json::parse(R"(" ")")));
}

// Display text ----------------------------------------------------------------------------------

TEST(DisplayText, YesNoReadsYesOrNo) {
  EXPECT_EQ(displayText(fieldOf(FieldType::YesNo), json::value(true)), "Yes");
  EXPECT_EQ(displayText(fieldOf(FieldType::YesNo), json::value(false)), "No");
  EXPECT_EQ(displayText(fieldOf(FieldType::YesNo), nullptr), "");
}

TEST(DisplayText, AChoiceReadsAsItsOptionText) {
  EXPECT_EQ(displayText(choiceField(), json::value("waste")), "Waste and litter");
  // An option since removed from the configuration still shows what was stored.
  EXPECT_EQ(displayText(choiceField(), json::value("smells")), "smells");
}

TEST(DisplayText, AMultichoiceReadsAsItsOptionTextsInOrder) {
  EXPECT_EQ(
      displayText(choiceField(FieldType::MultiChoice), json::parse(R"(["parking", "noise"])")),
      "Parking, Noise");
  EXPECT_EQ(displayText(choiceField(FieldType::MultiChoice), json::parse("[]")), "");
}

TEST(DisplayText, AMultichoiceOptionSinceRemovedShowsWhatWasStored) {
  EXPECT_EQ(displayText(choiceField(FieldType::MultiChoice), json::parse(R"(["noise", "smells"])")),
            "Noise, smells");
}

TEST(DisplayText, AnAddressReadsOnOneLineInTheUsualOrder) {
  EXPECT_EQ(displayText(fieldOf(FieldType::Address),
                        json::parse(R"({"postcode": "HB4 7QT", "town": "Harbridge",
                                        "line1": "14 Cedar Row", "country": "United Kingdom"})")),
            "14 Cedar Row, Harbridge, HB4 7QT, United Kingdom");
}

TEST(DisplayText, RichTextReadsAsPlainText) {
  EXPECT_EQ(displayText(fieldOf(FieldType::RichText),
                        json::value("<p>Bar &amp; kitchen</p><p><b>open</b> late</p>")),
            "Bar & kitchen open late");
}

TEST(DisplayText, ANumberReadsWithEveryDigitItHas) {
  EXPECT_EQ(displayText(fieldOf(FieldType::Number), json::value(42)), "42");
  EXPECT_EQ(displayText(fieldOf(FieldType::Number), json::value(1.5)), "1.5");
  EXPECT_EQ(displayText(fieldOf(FieldType::Number), json::value(-7)), "-7");
  EXPECT_EQ(displayText(fieldOf(FieldType::Number), json::value(12345.67)), "12345.67");
}

TEST(DisplayText, APickerReadsAsTheLinkedRecordsNameOrElseItsId) {
  EXPECT_EQ(displayText(fieldOf(FieldType::PersonPicker),
                        json::parse(R"({"id": 12, "display": "Margaret Okafor"})")),
            "Margaret Okafor");
  EXPECT_EQ(displayText(fieldOf(FieldType::PersonPicker), json::parse(R"({"id": 12})")), "12");
  EXPECT_EQ(displayText(fieldOf(FieldType::CasePicker), json::parse(R"({"id": "CMP-2026-00001"})")),
            "CMP-2026-00001");
}

TEST(DisplayText, TextDatesAndTimesReadAsStored) {
  EXPECT_EQ(displayText(fieldOf(FieldType::Text), json::value("Loud music")), "Loud music");
  EXPECT_EQ(displayText(fieldOf(FieldType::MultiLineText), json::value("a\nb")), "a\nb");
  EXPECT_EQ(displayText(fieldOf(FieldType::Date), json::value("2026-03-14")), "2026-03-14");
  EXPECT_EQ(displayText(fieldOf(FieldType::DateTime), json::value("2026-03-14T09:30:00.000Z")),
            "2026-03-14T09:30:00.000Z");
}

}  // namespace
}  // namespace dossier::types
