#include "search/search_request.hpp"

#include <boost/json/parse.hpp>
#include <gtest/gtest.h>

namespace dossier::search {
namespace {

namespace json = boost::json;

Result<SearchBody> read(std::string_view body) {
  return readSearchBody(json::parse(body).as_object());
}

std::string refusal(std::string_view body) {
  const auto read = search::read(body);
  EXPECT_FALSE(read);
  EXPECT_EQ(read ? ErrorKind::Internal : read.error().kind, ErrorKind::BadRequest);
  return read ? std::string("(accepted)") : read.error().message;
}

TEST(SearchStatus, TheSpecsWordsAndTheirShortFormsChooseAStatusInAnyCase) {
  EXPECT_EQ(*statusFilter(""), StatusFilter::Active);
  EXPECT_EQ(*statusFilter("Registered/Active"), StatusFilter::Active);
  EXPECT_EQ(*statusFilter("REGISTERED"), StatusFilter::Active);
  EXPECT_EQ(*statusFilter("Deregistered/Obsolete"), StatusFilter::Inactive);
  EXPECT_EQ(*statusFilter("obsolete"), StatusFilter::Inactive);
  EXPECT_EQ(*statusFilter("Inactive"), StatusFilter::Inactive);
  EXPECT_EQ(*statusFilter("All"), StatusFilter::All);
}

TEST(SearchStatus, AnyOtherWordIsRefusedSayingWhatIsAccepted) {
  const auto refused = statusFilter("closed");
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().kind, ErrorKind::BadRequest);
  EXPECT_EQ(refused.error().message,
            "entityStatus must be Registered/Active, Deregistered/Obsolete or All.");
}

TEST(SearchBodyReading, AnEmptyBodyIsTheFirstPageOfActiveRecordsOfEveryTypeAtTheDefaultSize) {
  const auto body = read("{}");
  ASSERT_TRUE(body);
  EXPECT_TRUE(body->entities.empty());
  EXPECT_EQ(body->searchString, "");
  EXPECT_EQ(body->status, StatusFilter::Active);
  EXPECT_EQ(body->page, 1);
  EXPECT_EQ(body->pageSize, 0) << "0 is the environment's page size";
  const auto nulls = read(R"({"searchString":null,"searchEntity":null,"page":null})");
  ASSERT_TRUE(nulls);
  EXPECT_EQ(nulls->page, 1);
}

TEST(SearchBodyReading, TypesAreNamedByTextOrByEntityWithTheKindTheyBelongTo) {
  const auto body = read(
      R"({"searchString":"noise","entityStatus":"All","page":3,"pageSize":50,
          "searchEntity":["COMP",{"entity":"IND","parentEntityType":"Person"},{"entity":"INV"}]})");
  ASSERT_TRUE(body) << body.error().message;
  EXPECT_EQ(body->searchString, "noise");
  EXPECT_EQ(body->status, StatusFilter::All);
  EXPECT_EQ(body->page, 3);
  EXPECT_EQ(body->pageSize, 50);
  ASSERT_EQ(body->entities.size(), 3u);
  EXPECT_EQ(body->entities[0].entity, "COMP");
  EXPECT_EQ(body->entities[1].entity, "IND");
  EXPECT_EQ(body->entities[1].parentEntityType, "Person");
  EXPECT_EQ(body->entities[2].parentEntityType, "");
}

TEST(SearchBodyReading, PagesRunFromOneToTenThousandAndPageSizesUpToAHundred) {
  EXPECT_TRUE(read(R"({"page":10000,"pageSize":100})"));
  EXPECT_EQ(refusal(R"({"page":0})"), "page must be a whole number from 1 to 10000.");
  EXPECT_EQ(refusal(R"({"page":10001})"), "page must be a whole number from 1 to 10000.");
  EXPECT_EQ(refusal(R"({"page":1.5})"), "page must be a whole number from 1 to 10000.");
  EXPECT_EQ(refusal(R"({"page":"2"})"), "page must be a whole number from 1 to 10000.");
  EXPECT_EQ(refusal(R"({"pageSize":101})"), "pageSize must be a whole number from 0 to 100.");
  EXPECT_EQ(refusal(R"({"pageSize":-1})"), "pageSize must be a whole number from 0 to 100.");
}

TEST(SearchBodyReading, WrongShapesAreRefusedSayingWhatIsExpected) {
  EXPECT_EQ(refusal(R"({"searchString":42})"), "searchString must be text.");
  EXPECT_EQ(refusal(R"({"searchEntity":"COMP"})"),
            "searchEntity must be a list of {entity, parentEntityType}.");
  EXPECT_EQ(refusal(R"({"searchEntity":[{"parentEntityType":"Case"}]})"),
            "Each searchEntity item must have entity as text.");
  EXPECT_EQ(refusal(R"({"entityStatus":"closed"})"),
            "entityStatus must be Registered/Active, Deregistered/Obsolete or All.");
}

TEST(SearchChoicesInAnAddress, AreSeparatedByCommasWithSpacesAndEmptyPartsDropped) {
  const auto choices = choicesFromText(" COMP , IND,,  ,Documents ");
  ASSERT_EQ(choices.size(), 3u);
  EXPECT_EQ(choices[0].entity, "COMP");
  EXPECT_EQ(choices[1].entity, "IND");
  EXPECT_EQ(choices[2].entity, "Documents");
  EXPECT_TRUE(choicesFromText("").empty());
  EXPECT_TRUE(choicesFromText(" , ").empty());
}

}  // namespace
}  // namespace dossier::search
