#include "home/recent_service.hpp"

#include <gtest/gtest.h>

#include "forms/form_save.hpp"
#include "records/recent.hpp"
#include "support/records_fixture.hpp"

namespace dossier::home {
namespace {

namespace json = boost::json;
using testing::at;
using types::EntityKind;
using Names = std::vector<std::string>;

class RecentlyOpened : public testing::RecordsFixture {
 protected:
  int minute = 0;

  // The user opens the record's form, a minute after the last opening of the test.
  void open(const api::Session& who, const records::Record& record) {
    ++minute;
    const auto when = at("2026-03-14T12:00:00Z") + std::chrono::minutes(minute);
    records::noteOpened(*db(), who.userId, record.kind, record.id, when);
  }

  json::array recent(const api::Session& who) {
    return recentRecords(*db(), catalog(), who.userId, who.username);
  }

  Names shown(const api::Session& who) {
    Names out;
    for (const auto& item : recent(who)) {
      out.emplace_back(item.at("displayName").as_string());
    }
    return out;
  }
};

TEST_F(RecentlyOpened, TheLastOpenedComeFirst) {
  const auto noise = complaint("Noise at night");
  const auto litter = complaint("Litter in the park");
  const auto margaret = individual("Margaret", "Okafor");
  open(jo, noise);
  open(jo, margaret);
  open(jo, litter);
  EXPECT_EQ(shown(jo), (Names{"Litter in the park", "Margaret Okafor", "Noise at night"}));
  open(jo, noise);
  EXPECT_EQ(shown(jo), (Names{"Noise at night", "Litter in the park", "Margaret Okafor"}));
}

TEST_F(RecentlyOpened, AreAtMostTen) {
  for (int i = 1; i <= 12; ++i) {
    open(jo, complaint(("Complaint " + std::to_string(i)).c_str()));
  }
  const auto names = shown(jo);
  ASSERT_EQ(names.size(), kRecentShown);
  EXPECT_EQ(names.front(), "Complaint 12");
  EXPECT_EQ(names.back(), "Complaint 3");
}

TEST_F(RecentlyOpened, AreEachUsersOwn) {
  const auto noise = complaint("Noise at night");
  const auto litter = complaint("Litter in the park");
  open(jo, noise);
  open(ann, litter);
  EXPECT_EQ(shown(jo), Names{"Noise at night"});
  EXPECT_EQ(shown(ann), Names{"Litter in the park"});
  EXPECT_TRUE(shown(visitor).empty());
}

TEST_F(RecentlyOpened, LeaveOutARecordTheUserMayNoLongerSee) {
  const auto noise = complaint("Noise at night");
  const auto enquiry = investigation("Quiet enquiry");
  const auto kestrel = informant("Kestrel");
  // Jo opened them while she could see them, say; she no longer can.
  open(jo, enquiry);
  open(jo, noise);
  open(jo, kestrel);
  EXPECT_EQ(shown(jo), Names{"Noise at night"});
  open(ivy, enquiry);
  open(ivy, kestrel);
  EXPECT_EQ(shown(ivy), (Names{"Kestrel", "Quiet enquiry"}));
}

TEST_F(RecentlyOpened, RecordsOneMayNoLongerSeeLeaveRoomForOthers) {
  for (int i = 1; i <= 10; ++i) {
    open(jo, complaint(("Complaint " + std::to_string(i)).c_str()));
  }
  for (int i = 1; i <= 5; ++i) {
    open(jo, investigation(("Investigation " + std::to_string(i)).c_str()));
  }
  const auto names = shown(jo);
  ASSERT_EQ(names.size(), 10u);
  EXPECT_EQ(names.front(), "Complaint 10");
  EXPECT_EQ(names.back(), "Complaint 1");
}

TEST_F(RecentlyOpened, ShowTheRecordAsItIsNowWithItsTypeAndState) {
  const auto noise = complaint("Noise at night");
  const auto margaret = individual("Margaret", "Okafor");
  open(jo, noise);
  open(jo, margaret);
  change(jo, noise, {{"title", "Noise at night, again"}, {"status", "CLOSED"}});

  const auto items = recent(jo);
  ASSERT_EQ(items.size(), 2u);
  const auto& person = items[0].as_object();
  EXPECT_EQ(person.at("entity"), "Person");
  EXPECT_EQ(person.at("entityIdentifier").as_string(), margaret.identifier());
  EXPECT_EQ(person.at("typeRef"), "IND");
  EXPECT_EQ(person.at("typeName"), "Individual");
  EXPECT_EQ(person.at("obsolete"), false);
  EXPECT_FALSE(person.contains("statusName"));
  const auto& kase = items[1].as_object();
  EXPECT_EQ(kase.at("entity"), "Case");
  EXPECT_EQ(kase.at("entityIdentifier").as_string(), noise.caseNumber);
  EXPECT_EQ(kase.at("displayName"), "Noise at night, again");
  EXPECT_EQ(kase.at("typeName"), "Complaint");
  EXPECT_EQ(kase.at("statusName"), "Closed");
  EXPECT_EQ(kase.at("openedAt"), "2026-03-14T12:01:00.000Z");
  EXPECT_FALSE(kase.contains("obsolete"));
}

TEST_F(RecentlyOpened, ShowAnObsoletePersonAsObsolete) {
  const auto margaret = individual("Margaret", "Okafor");
  open(jo, margaret);
  ASSERT_TRUE(forms::setPersonObsolete(environment(), meg, margaret.identifier(), true,
                                       at("2026-03-14T13:00:00Z"))
                  .ok());
  const auto items = recent(jo);
  ASSERT_EQ(items.size(), 1u);
  EXPECT_EQ(items[0].at("obsolete"), true);
}

TEST_F(RecentlyOpened, AnOpeningNotedByThisProcessWithinTheMinuteCostsNoRoundTrip) {
  const auto noise = complaint("Noise at night");
  records::RecentOpenings openings;
  const auto when = at("2026-03-14T12:00:00Z");
  openings.note(*db(), jo.userId, noise.kind, noise.id, when);
  EXPECT_EQ(shown(jo), Names{"Noise at night"});
  // Gone from the database behind this process's back: within the minute it is not asked again.
  db()->execute("DELETE FROM recent_records");
  openings.note(*db(), jo.userId, noise.kind, noise.id, when + std::chrono::seconds(59));
  EXPECT_EQ(shown(jo), Names{});
  openings.note(*db(), jo.userId, noise.kind, noise.id, when + std::chrono::minutes(1));
  EXPECT_EQ(shown(jo), Names{"Noise at night"});
}

}  // namespace
}  // namespace dossier::home
