#include "search/search_service.hpp"

#include <algorithm>

#include <gtest/gtest.h>

#include "search/search_fixture.hpp"

namespace dossier::search {
namespace {

using testing::Found;

class Searching : public testing::SearchFixture {};

TEST_F(Searching, NothingTypedWithNoTypeChosenIsRefusedRatherThanListingEverything) {
  attachIndex();
  for (const auto& entities : {std::vector<EntityChoice>{}, std::vector<EntityChoice>{{"All", ""}},
                               std::vector<EntityChoice>{{"", ""}}}) {
    const auto refused = search(jo, "  ", entities);
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error().kind, ErrorKind::BadRequest);
    EXPECT_EQ(refused.error().message,
              "Type something to search for, or choose a type of record to list all of them.");
  }
}

TEST_F(Searching, NothingTypedWithATypeChosenListsEveryRecordOfItNewestFirst) {
  const auto older = complaint("Noise at night");
  const auto newer = complaint("Barking dog");
  individual("Margaret", "Okafor");
  attachIndex();
  EXPECT_EQ(found(search(jo, "", {{"COMP", ""}})), (Found{newer.identifier(), older.identifier()}));
}

TEST_F(Searching, BeforeTheIndexIsAttachedSearchIsUnavailableForAMoment) {
  const auto refused = search(jo, "noise");
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().kind, ErrorKind::Unavailable);
  EXPECT_EQ(refused.error().message,
            "Search is not available in this environment yet. Please try again in a moment.");
}

TEST_F(Searching, TextThatCannotBeSearchedIsRefusedBeforeTheIndexIsAsked) {
  const auto refused = search(jo, std::string(1001, 'a').c_str());
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().kind, ErrorKind::BadRequest);
  EXPECT_EQ(refused.error().message,
            "The search text is too long: at most 1000 characters, please.");
}

TEST_F(Searching, RecordsOfATypeThePersonCannotSeeAreNeverFound) {
  const auto noise = complaint("Noise at the quarry");
  const auto enquiry = investigation("Quarry enquiry");
  attachIndex();
  auto forIvy = found(search(ivy, "quarry"));
  std::sort(forIvy.begin(), forIvy.end());
  EXPECT_EQ(forIvy, (Found{noise.identifier(), enquiry.identifier()}));
  EXPECT_EQ(found(search(jo, "quarry")), Found{noise.identifier()});
  EXPECT_EQ(found(search(visitor, "quarry")), Found{noise.identifier()});
}

TEST_F(Searching, AskingOnlyForATypeThePersonCannotSeeFindsNothingAsIfItHadNoRecords) {
  investigation("Quarry enquiry");
  attachIndex();
  const auto answer = search(jo, "quarry", {{"INV", ""}});
  ASSERT_TRUE(answer) << answer.error().message;
  EXPECT_TRUE(answer->found.hits.empty());
  EXPECT_EQ(answer->found.total, 0);
}

TEST_F(Searching, AnUnknownTypeIsRefusedNamingWhatCanBeSearched) {
  attachIndex();
  const auto refused = search(jo, "noise", {{"LICENCE", ""}});
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().kind, ErrorKind::BadRequest);
  EXPECT_EQ(refused.error().message,
            "There is nothing called 'LICENCE' to search. Choose All, Documents or a case or "
            "person type.");
}

TEST_F(Searching, TheEnvironmentsPageSizeIsUsedUnlessTheRequestGivesOne) {
  for (const auto* title : {"Noise one", "Noise two", "Noise three"}) {
    complaint(title);
  }
  attachIndex();
  const auto byDefault = search(jo, "noise");
  ASSERT_TRUE(byDefault);
  EXPECT_EQ(byDefault->pageSize, 20);
  EXPECT_EQ(byDefault->found.hits.size(), 3u);

  const auto first = search(jo, "noise", {}, StatusFilter::Active, 1, 2);
  const auto second = search(jo, "noise", {}, StatusFilter::Active, 2, 2);
  ASSERT_TRUE(first && second);
  EXPECT_EQ(first->pageSize, 2);
  EXPECT_EQ(second->page, 2);
  EXPECT_EQ(found(first).size(), 2u);
  EXPECT_EQ(found(second).size(), 1u);
  EXPECT_EQ(first->found.total, 3);
  EXPECT_EQ(second->found.total, 3);
  const auto onFirst = found(first);
  for (const auto& id : found(second)) {
    EXPECT_EQ(std::count(onFirst.begin(), onFirst.end(), id), 0) << id;
  }
}

TEST_F(Searching, ClosedCasesAreLeftOutUnlessAskedForAndTheirNumberIsSaid) {
  const auto closed = complaint("Barking dog", "CLOSED");
  attachIndex();
  const auto active = search(jo, "barking");
  ASSERT_TRUE(active);
  EXPECT_TRUE(active->found.hits.empty());
  EXPECT_EQ(active->found.otherStatusCount, 1);
  EXPECT_EQ(found(search(jo, "barking", {}, StatusFilter::Inactive)), Found{closed.identifier()});
  EXPECT_EQ(found(search(jo, "barking", {}, StatusFilter::All)), Found{closed.identifier()});
}

TEST_F(Searching, TheWordsToHighlightAreThoseSearchedForNotThoseLeftOut) {
  complaint("Noise at night");
  attachIndex();
  const auto answer = search(jo, R"("noise at" -dog night)");
  ASSERT_TRUE(answer) << answer.error().message;
  EXPECT_EQ(answer->terms, (std::vector<std::string>{"noise", "at", "night"}));
  EXPECT_EQ(answer->found.hits.size(), 1u);
}

}  // namespace
}  // namespace dossier::search
