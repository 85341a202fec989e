#include "preview/preview.hpp"

#include <algorithm>
#include <cctype>

#include <boost/json/serialize.hpp>
#include <gtest/gtest.h>

#include "forms/form_save.hpp"
#include "records/recent.hpp"
#include "support/records_fixture.hpp"

namespace dossier::preview {
namespace {

namespace json = boost::json;
using testing::at;
using types::EntityKind;

class Preview : public testing::RecordsFixture {
 protected:
  json::object preview(const api::Session& who, const records::Record& record) {
    auto shown = previewRecord(environment(), who, record.kind, record.identifier());
    if (!shown) {
      throw std::runtime_error(shown.error().message);
    }
    return std::move(shown).value();
  }

  // Each preview field as "key: value".
  static std::vector<std::string> fields(const json::object& preview) {
    std::vector<std::string> out;
    for (const auto& field : preview.at("previewFields").as_array()) {
      const auto& value = field.at("value");
      out.push_back(std::string(field.at("key").as_string()) + ": " +
                    (value.is_string() ? std::string(value.as_string()) : json::serialize(value)));
    }
    return out;
  }

  static const json::object& field(const json::object& preview, std::string_view key) {
    for (const auto& each : preview.at("previewFields").as_array()) {
      if (each.at("key").as_string() == key) {
        return each.as_object();
      }
    }
    throw std::runtime_error("no preview field " + std::string(key));
  }
};

using Lines = std::vector<std::string>;

TEST_F(Preview, OfACaseShowsItsNumberAndThePreviewFieldsAsPeopleReadThem) {
  const auto margaret = individual("Margaret", "Okafor");
  const auto noise = complaint("Noise at night",
                               {{"receivedOn", "2026-03-13"},
                                {"channel", "phone"},
                                {"urgent", true},
                                {"complainant", {{"id", margaret.id}}},
                                {"location", {{"line1", "1 High Street"}, {"postcode", "AB1 2CD"}}},
                                {"notes", "Not in previews"}});
  const auto shown = preview(jo, noise);
  EXPECT_EQ(shown.at("canView"), true);
  EXPECT_TRUE(shown.at("errorMessage").is_null());
  EXPECT_EQ(shown.at("descriptionDisplay"), "Noise at night");
  EXPECT_EQ(shown.at("entityDescription"), "Complaint");
  EXPECT_TRUE(shown.at("linkToParent").is_null());
  EXPECT_FALSE(shown.contains("obsolete"));
  EXPECT_EQ(fields(shown), (Lines{"Case Number: " + noise.caseNumber, "Title: Noise at night",
                                  "Received on: 2026-03-13", "Received by: Phone", "Urgent: Yes",
                                  "Complainant: Margaret Okafor",
                                  "Location: 1 High Street, AB1 2CD", "Status: Open"}))
      << "a role a field holds is shown by its field alone";
  EXPECT_EQ(field(shown, "Received on").at("fieldType"), "DateField");
  EXPECT_EQ(field(shown, "Location").at("address").at("postcode"), "AB1 2CD");
  for (const auto& each : shown.at("previewFields").as_array()) {
    EXPECT_EQ(each.at("displayInSearchPreview"), true);
  }
}

TEST_F(Preview, AFieldWithoutAValueIsShownEmpty) {
  const auto shown = preview(jo, complaint("Noise at night"));
  EXPECT_EQ(field(shown, "Received on").at("value"), "");
  EXPECT_EQ(field(shown, "Urgent").at("value"), "No") << "its default";
}

TEST_F(Preview, OfAPersonShowsTheirFieldsAndWhetherTheyAreObsolete) {
  const auto margaret =
      save(jo, EntityKind::Person, "IND",
           {{"firstName", "Margaret"}, {"surname", "Okafor"}, {"dateOfBirth", "1980-02-29"}});
  const auto shown = preview(jo, margaret);
  EXPECT_EQ(shown.at("descriptionDisplay"), "Margaret Okafor");
  EXPECT_EQ(shown.at("entityDescription"), "Individual");
  EXPECT_EQ(fields(shown),
            (Lines{"First name: Margaret", "Surname: Okafor", "Date of birth: 1980-02-29"}));
  EXPECT_FALSE(shown.contains("obsolete"));

  ASSERT_TRUE(forms::setPersonObsolete(environment(), meg, margaret.identifier(), true,
                                       at("2026-03-14T13:00:00Z"))
                  .ok());
  EXPECT_EQ(preview(jo, margaret).at("obsolete"), true);
}

TEST_F(Preview, OfARecordTheUserMayNotViewButOpenedBeforeSaysSoAndNothingElse) {
  const auto enquiry = investigation("Quiet enquiry");
  // Jo opened it while she could see it.
  records::noteOpened(*db(), jo.userId, enquiry.kind, enquiry.id, at("2026-03-14T12:00:00Z"));
  const auto shown = preview(jo, enquiry);
  EXPECT_EQ(shown.at("canView"), false);
  EXPECT_EQ(shown.at("errorMessage"), "You do not have permission to view this record.");
  EXPECT_EQ(shown.at("descriptionDisplay"), "");
  EXPECT_TRUE(shown.at("previewFields").as_array().empty());
  EXPECT_TRUE(shown.at("linkToParent").is_null());
  EXPECT_EQ(shown.at("entityDescription"), "Investigation");
}

TEST_F(Preview, OfARecordTheUserMayNotViewAndNeverOpenedIsNotFoundLikeAnUnknownOne) {
  const auto enquiry = investigation("Quiet enquiry");
  const auto hidden = previewRecord(environment(), jo, EntityKind::Case, enquiry.caseNumber);
  ASSERT_FALSE(hidden.ok());
  EXPECT_EQ(hidden.error().kind, ErrorKind::NotFound);
  EXPECT_EQ(hidden.error().message, "There is no case " + enquiry.caseNumber + ".");

  const auto unknown = previewRecord(environment(), jo, EntityKind::Person, "999");
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.error().kind, ErrorKind::NotFound);
  EXPECT_EQ(unknown.error().code, hidden.error().code);
}

TEST_F(Preview, NamesTheHoldersOfARoleNoFieldShowsUpToFiveThenHowManyMore) {
  const auto noise = complaint("Noise at night");
  const char* const names[] = {"Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus"};
  for (int i = 0; i < 2; ++i) {
    link("WITNESS", noise, individual(names[i], "Lee"), jo);
  }
  EXPECT_EQ(field(preview(jo, noise), "Witness").at("value"), "Ann Lee; Bo Lee");
  for (int i = 2; i < 7; ++i) {
    link("WITNESS", noise, individual(names[i], "Lee"), jo);
  }
  EXPECT_EQ(field(preview(jo, noise), "Witness").at("value"),
            "Ann Lee; Bo Lee; Cy Lee; Di Lee; Ed Lee; and 2 more");
}

TEST_F(Preview, NamesTheRolesTheRecordHoldsElsewhereWithoutLinkingToAnyParent) {
  const auto noise = complaint("Noise at night");
  const auto margaret = individual("Margaret", "Okafor");
  link("WITNESS", noise, margaret, jo);
  const auto shown = preview(jo, margaret);
  EXPECT_EQ(field(shown, "Witness in").at("value").as_string(),
            noise.caseNumber + " Noise at night");
  EXPECT_TRUE(shown.at("linkToParent").is_null()) << "a witness belongs to no one case";
}

TEST_F(Preview, ACaseHeldByOneParentAloneLinksToIt) {
  const auto noise = complaint("Noise at night");
  const auto enquiry = investigation("Quiet enquiry");
  link("INVESTIGATED", enquiry, noise, ivy);
  const auto shown = preview(meg, noise);
  EXPECT_EQ(field(shown, "Investigated in").at("value").as_string(),
            enquiry.caseNumber + " Quiet enquiry");
  std::string path = "/case/" + enquiry.caseNumber;
  std::transform(path.begin(), path.end(), path.begin(), [](char c) { return std::tolower(c); });
  EXPECT_EQ(shown.at("linkToParent"), json::value(path));
}

TEST_F(Preview, ALinkedRecordTheUserMayNotSeeIsNamedOnlyAsSuchAndNotLinkedTo) {
  const auto noise = complaint("Noise at night");
  const auto enquiry = investigation("Quiet enquiry");
  link("INVESTIGATED", enquiry, noise, ivy);
  const auto shown = preview(jo, noise);
  EXPECT_EQ(field(shown, "Investigated in").at("value"), "a case you cannot see");
  EXPECT_TRUE(shown.at("linkToParent").is_null());

  const auto kestrel = informant("Kestrel");
  link("CONTACT", noise, individual("Margaret", "Okafor"), jo);
  link("CONTACT", noise, kestrel, meg);
  EXPECT_EQ(field(preview(jo, noise), "Contact").at("value"),
            "Margaret Okafor; a person you cannot see");
}

}  // namespace
}  // namespace dossier::preview
