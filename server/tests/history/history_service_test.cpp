#include "history/history_service.hpp"

#include <boost/json/serialize.hpp>
#include <gtest/gtest.h>

#include "documents/document_writer.hpp"
#include "records/audit.hpp"
#include "records/case_actions.hpp"
#include "support/records_fixture.hpp"

namespace dossier::history {
namespace {

namespace json = boost::json;
using testing::at;
using types::EntityKind;

class History : public testing::RecordsFixture {
 protected:
  json::object historyFor(const api::Session& who, const records::Record& record, int page = 1,
                          int pageSize = 20) {
    auto found =
        historyOf(*db(), catalog(), who.username, record.kind, record.identifier(), page, pageSize);
    if (!found) {
      throw std::runtime_error(found.error().message);
    }
    return std::move(found).value();
  }

  // The newest entry's changes as "field: oldText -> newText".
  static std::vector<std::string> changes(const json::object& entry) {
    std::vector<std::string> out;
    for (const auto& change : entry.at("changes").as_array()) {
      out.push_back(std::string(change.at("field").as_string()) + ": " +
                    std::string(change.at("oldText").as_string()) + " -> " +
                    std::string(change.at("newText").as_string()));
    }
    return out;
  }

  static const json::object& newest(const json::object& history) {
    return history.at("items").as_array().at(0).as_object();
  }

  // A document filed on the case in a security group, through the documents' one write path.
  void fileDocument(const records::Record& kase, const char* title, const char* security) {
    documents::Document document;
    document.caseId = kase.id;
    document.title = title;
    document.extRefFilename = std::string(title) + ".pdf";
    document.security = security;
    document.major = 1;
    auto lease = db();
    db::Transaction transaction(*lease);
    documents::createDocument(*lease, document, nullptr,
                              {"created", {{"Title", "Title", nullptr, title}}}, api::actorOf(jo),
                              at("2026-03-14T12:00:00Z"));
    transaction.commit();
  }
};

using Lines = std::vector<std::string>;

// What changed
// --------------------------------------------------------------------------------------

TEST_F(History, ListsEveryChangeNewestFirstWithWhoAndWhen) {
  const auto noise = complaint("Noise at night");
  change(ann, noise, {{"title", "Noise at night, again"}}, "2026-03-15T08:30:00Z");
  const auto history = historyFor(jo, noise);
  EXPECT_EQ(history.at("total"), 2);
  const auto& items = history.at("items").as_array();
  ASSERT_EQ(items.size(), 2u);
  EXPECT_EQ(items[0].at("action"), "updated");
  EXPECT_EQ(items[0].at("username"), "akhan");
  EXPECT_EQ(items[0].at("userDisplayName"), "Ann Khan");
  EXPECT_EQ(items[0].at("at"), "2026-03-15T08:30:00.000Z");
  EXPECT_EQ(changes(items[0].as_object()), Lines{"title: Noise at night -> Noise at night, again"});
  EXPECT_EQ(items[1].at("action"), "created");
  EXPECT_EQ(items[1].at("username"), "jsmith");
}

TEST_F(History, TellsEachValueBesideItsTextAsAPersonReadsIt) {
  const auto noise = complaint("Noise at night", {{"channel", "phone"}});
  change(jo, noise, {{"channel", "letter"}, {"urgent", true}, {"status", "CLOSED"}});
  const auto entry = newest(historyFor(jo, noise));
  EXPECT_EQ(changes(entry),
            (Lines{"channel: Phone -> Letter", "urgent: No -> Yes", "status: Open -> Closed"}));
  const auto& channel = entry.at("changes").as_array()[0];
  EXPECT_EQ(channel.at("oldValue"), "phone") << "the stored value is kept beside its text";
  EXPECT_EQ(channel.at("newValue"), "letter");
}

TEST_F(History, TellsADateAsStoredForTheReaderToShowInTheirOwnFormat) {
  const auto noise = complaint("Noise at night", {{"receivedOn", "2026-03-13"}});
  change(jo, noise, {{"receivedOn", "2026-03-12"}});
  EXPECT_EQ(changes(newest(historyFor(jo, noise))), Lines{"receivedOn: 2026-03-13 -> 2026-03-12"});
}

TEST_F(History, TellsAClearedFieldWithItsOldValueAndNull) {
  const auto noise = complaint("Noise at night", {{"channel", "phone"}});
  change(jo, noise, {{"channel", nullptr}});
  const auto change = newest(historyFor(jo, noise)).at("changes").as_array()[0];
  EXPECT_EQ(change.at("oldText"), "Phone");
  EXPECT_TRUE(change.at("newValue").is_null());
  EXPECT_EQ(change.at("newText"), "");
}

TEST_F(History, NamesALinkedRecordOnlyToThoseWhoMaySeeIt) {
  const auto kestrel = informant("Kestrel");
  const auto noise = complaint("Noise at night");
  change(meg, noise, {{"complainant", {{"id", kestrel.id}}}});

  const auto seen = newest(historyFor(meg, noise)).at("changes").as_array()[0];
  EXPECT_EQ(seen.at("newText"), "Kestrel");
  EXPECT_EQ(seen.at("newValue").at("id"), kestrel.id);

  const auto hidden = newest(historyFor(jo, noise)).at("changes").as_array()[0];
  EXPECT_EQ(hidden.at("newText"), "Not available");
  EXPECT_EQ(hidden.at("newValue").at("unavailable"), true);
  EXPECT_FALSE(hidden.at("newValue").as_object().contains("id")) << json::serialize(hidden);
}

// Pages -------------------------------------------------------------------------------------------

TEST_F(History, ComesAPageAtATime) {
  const auto noise = complaint("Version 1");
  for (int i = 2; i <= 5; ++i) {
    change(jo, noise, {{"title", "Version " + std::to_string(i)}});
  }
  const auto second = historyFor(jo, noise, 2, 2);
  EXPECT_EQ(second.at("total"), 5);
  EXPECT_EQ(second.at("page"), 2);
  EXPECT_EQ(second.at("pageSize"), 2);
  const auto& items = second.at("items").as_array();
  ASSERT_EQ(items.size(), 2u);
  EXPECT_EQ(changes(items[0].as_object()), Lines{"title: Version 2 -> Version 3"});
  EXPECT_EQ(changes(items[1].as_object()), Lines{"title: Version 1 -> Version 2"});
  EXPECT_EQ(historyFor(jo, noise, 3, 2).at("items").as_array().size(), 1u);
  EXPECT_TRUE(historyFor(jo, noise, 4, 2).at("items").as_array().empty());
}

// Who may read it ---------------------------------------------------------------------------------

TEST_F(History, OfARecordTheReaderMayNotSeeIsNotFoundLikeOneThatIsNotThere) {
  const auto enquiry = investigation("Quiet enquiry");
  EXPECT_TRUE(
      historyOf(*db(), catalog(), ivy.username, EntityKind::Case, enquiry.caseNumber, 1, 20).ok());
  const auto hidden =
      historyOf(*db(), catalog(), jo.username, EntityKind::Case, enquiry.caseNumber, 1, 20);
  ASSERT_FALSE(hidden.ok());
  EXPECT_EQ(hidden.error().kind, ErrorKind::NotFound);
  EXPECT_EQ(hidden.error().message, "There is no case " + enquiry.caseNumber + ".");
  const auto unknown = historyOf(*db(), catalog(), jo.username, EntityKind::Person, "999", 1, 20);
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.error().code, hidden.error().code);
}

// Documents ---------------------------------------------------------------------------------------

TEST_F(History, NamesADocumentOnlyToThoseWhoMaySeeItsSecurityGroup) {
  const auto noise = complaint("Noise at night");
  fileDocument(noise, "Statement", "restricted");

  const auto seen = newest(historyFor(ivy, noise));
  EXPECT_EQ(seen.at("action"), "document.created");
  EXPECT_EQ(seen.at("activity").at("title"), "Statement");
  EXPECT_EQ(seen.at("activity").at("version"), "1.0");
  EXPECT_FALSE(seen.at("activity").as_object().contains("security"))
      << "only the document, its title and version are told";
  EXPECT_EQ(seen.at("changes").as_array().size(), 1u);

  const auto hidden = newest(historyFor(jo, noise));
  EXPECT_EQ(hidden.at("action"), "document.created") << "that something happened is told";
  EXPECT_EQ(json::serialize(hidden.at("activity")), R"({"hidden":true})");
  EXPECT_TRUE(hidden.at("changes").as_array().empty());
}

TEST_F(History, ADocumentEveryoneMaySeeIsNamedToAll) {
  const auto noise = complaint("Noise at night");
  fileDocument(noise, "Letter", "standard");
  EXPECT_EQ(newest(historyFor(visitor, noise)).at("activity").at("title"), "Letter");
}

// Links -------------------------------------------------------------------------------------------

TEST_F(History, TellsARoleFromEachSideWithTheOtherRecord) {
  const auto noise = complaint("Noise at night");
  const auto margaret = individual("Margaret", "Okafor");
  link("WITNESS", noise, margaret, jo);

  const auto onCase = newest(historyFor(jo, noise));
  EXPECT_EQ(onCase.at("action"), "role.added");
  EXPECT_EQ(json::serialize(onCase.at("activity")),
            json::serialize(json::object{{"role", "WITNESS"},
                                         {"roleName", "Witness"},
                                         {"side", "parent"},
                                         {"record",
                                          {{"kind", "person"},
                                           {"identifier", margaret.identifier()},
                                           {"display", "Margaret Okafor"},
                                           {"unavailable", false}}}}));
  const auto onPerson = newest(historyFor(jo, margaret));
  EXPECT_EQ(onPerson.at("activity").at("roleName"), "Witness in");
  EXPECT_EQ(onPerson.at("activity").at("side"), "holder");
  EXPECT_EQ(onPerson.at("activity").at("record").at("identifier").as_string(), noise.caseNumber);
}

TEST_F(History, NamesTheOtherRecordOfARoleOnlyToThoseWhoMaySeeIt) {
  const auto noise = complaint("Noise at night");
  const auto enquiry = investigation("Quiet enquiry");
  link("INVESTIGATED", enquiry, noise, ivy);
  const auto record = newest(historyFor(jo, noise)).at("activity").at("record").as_object();
  EXPECT_EQ(record.at("display"), "a case you cannot see");
  EXPECT_EQ(record.at("unavailable"), true);
  EXPECT_FALSE(record.contains("identifier"));
  EXPECT_EQ(newest(historyFor(ivy, noise)).at("activity").at("record").at("display"),
            "Quiet enquiry");
}

TEST_F(History, TellsTheCommentsOfACrossReferenceOnlyToThoseWhoMaySeeTheOtherCase) {
  const auto noise = complaint("Noise at night");
  const auto enquiry = investigation("Quiet enquiry");
  {
    auto lease = db();
    records::appendActivity(*lease, EntityKind::Case, noise.id, "crossreference.added",
                            json::object{{"crossReference", "x-1"},
                                         {"other", {{"kind", "case"}, {"id", enquiry.id}}},
                                         {"comments", "Same noisy neighbour"}},
                            api::actorOf(meg), at("2026-03-14T12:00:00Z"));
  }
  const auto seen = newest(historyFor(meg, noise)).at("activity").as_object();
  EXPECT_EQ(seen.at("crossReference"), "x-1");
  EXPECT_EQ(seen.at("comments"), "Same noisy neighbour");
  EXPECT_EQ(seen.at("record").at("display"), "Quiet enquiry");

  const auto hidden = newest(historyFor(jo, noise)).at("activity").as_object();
  EXPECT_EQ(hidden.at("crossReference"), "x-1");
  EXPECT_FALSE(hidden.contains("comments"));
  EXPECT_EQ(hidden.at("record").at("unavailable"), true);
}

TEST_F(History, TellsTheCaseACrossReferenceWasMovedFromAsThoseWhoMaySeeItReadIt) {
  const auto noise = complaint("Noise at night");
  const auto litter = complaint("Litter in the park");
  const auto enquiry = investigation("Quiet enquiry");
  {
    auto lease = db();
    records::appendActivity(*lease, EntityKind::Case, noise.id, "crossreference.changed",
                            json::object{{"crossReference", "x-1"},
                                         {"other", {{"kind", "case"}, {"id", litter.id}}},
                                         {"previous", {{"kind", "case"}, {"id", enquiry.id}}}},
                            api::actorOf(meg), at("2026-03-14T12:00:00Z"));
  }
  const auto seen = newest(historyFor(meg, noise)).at("activity").as_object();
  EXPECT_EQ(seen.at("record").at("display"), "Litter in the park");
  EXPECT_EQ(seen.at("previousRecord").at("display"), "Quiet enquiry");
  EXPECT_EQ(seen.at("previousRecord").at("identifier").as_string(), enquiry.caseNumber);

  const auto hidden = newest(historyFor(jo, noise)).at("activity").as_object();
  EXPECT_EQ(hidden.at("record").at("display"), "Litter in the park");
  EXPECT_EQ(hidden.at("previousRecord").at("display"), "a case you cannot see");
  EXPECT_FALSE(hidden.at("previousRecord").as_object().contains("identifier"));
}

TEST_F(History, ACrossReferenceNeverMovedTellsNoPreviousCase) {
  const auto noise = complaint("Noise at night");
  const auto litter = complaint("Litter in the park");
  {
    auto lease = db();
    records::appendActivity(
        *lease, EntityKind::Case, noise.id, "crossreference.added",
        json::object{{"crossReference", "x-1"}, {"other", {{"kind", "case"}, {"id", litter.id}}}},
        api::actorOf(jo), at("2026-03-14T12:00:00Z"));
  }
  EXPECT_FALSE(newest(historyFor(jo, noise)).at("activity").as_object().contains("previousRecord"));
}

TEST_F(History, TellsTheChangesOfAnActionInItsOwnFieldsTerms) {
  const auto noise = complaint("Noise at night");
  {
    auto lease = db();
    db::Transaction transaction(*lease);
    records::CaseAction call;
    call.caseId = noise.id;
    call.typeCode = "CALL";
    call.values = {{"subject", "Called back"}, {"direction", "in"}};
    records::addAction(*lease, call, "Phone call", api::actorOf(jo), at("2026-03-14T12:00:00Z"));
    call.values["direction"] = "out";
    ASSERT_TRUE(records::updateAction(*lease, call, 1, "Phone call",
                                      {{"direction", "Direction", "in", "out"}}, api::actorOf(jo),
                                      at("2026-03-14T12:05:00Z")));
    transaction.commit();
  }
  const auto entry = newest(historyFor(jo, noise));
  EXPECT_EQ(entry.at("action"), "caseaction.changed");
  EXPECT_EQ(changes(entry), Lines{"direction: Called us -> We called"});
  EXPECT_EQ(entry.at("activity").at("type"), "Phone call");
  EXPECT_EQ(entry.at("activity").at("subject"), "Called back");
}

}  // namespace
}  // namespace dossier::history
