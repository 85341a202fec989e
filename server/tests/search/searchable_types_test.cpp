#include <gtest/gtest.h>

#include "search/search_fixture.hpp"
#include "search/search_request.hpp"

namespace dossier::search {
namespace {

using Keys = std::vector<std::string>;

class SearchableTypes : public testing::SearchFixture {
 protected:
  Keys keys(const api::Session& who, std::vector<EntityChoice> chosen) {
    auto found = searchableTypes(environment().catalog(), who.username, chosen);
    if (!found) {
      throw std::runtime_error(found.error().message);
    }
    return std::move(found).value();
  }
};

TEST_F(SearchableTypes, AllIsEveryTypeThePersonMaySeeAndTheDocuments) {
  const Keys everything{"case:COMP", "case:INV", "person:IND", "document"};
  EXPECT_EQ(keys(ivy, {}), everything);
  EXPECT_EQ(keys(ivy, {{"All", ""}}), everything);
  EXPECT_EQ(keys(ivy, {{"all", ""}, {"COMP", ""}}), everything);
  EXPECT_EQ(keys(visitor, {}), (Keys{"case:COMP", "person:IND", "document"}))
      << "a type one may not see is left out without a word";
}

TEST_F(SearchableTypes, AKindMeansEveryTypeOfThatKindThePersonMaySee) {
  EXPECT_EQ(keys(ivy, {{"Case", ""}}), (Keys{"case:COMP", "case:INV"}));
  EXPECT_EQ(keys(jo, {{"cases", ""}}), Keys{"case:COMP"});
  EXPECT_EQ(keys(jo, {{"People", ""}}), Keys{"person:IND"});
  EXPECT_EQ(keys(jo, {{"Documents", ""}}), Keys{"document"});
}

TEST_F(SearchableTypes, ATypeIsNamedByItsRefInAnyCaseAndCountsOnce) {
  EXPECT_EQ(keys(jo, {{"comp", ""}, {"COMP", "Case"}, {"Case", ""}}), Keys{"case:COMP"});
  EXPECT_EQ(keys(jo, {{"ind", "Person"}, {"COMP", ""}}), (Keys{"person:IND", "case:COMP"}));
}

TEST_F(SearchableTypes, ATypeOfTheOtherKindThanTheOneSaidIsNotThere) {
  const auto refused = searchableTypes(environment().catalog(), jo.username, {{"COMP", "Person"}});
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().kind, ErrorKind::BadRequest);
  EXPECT_EQ(refused.error().message,
            "There is nothing called 'COMP' to search. Choose All, Documents or a case or person "
            "type.");
}

TEST(SearchableTypesWithoutDocuments, DocumentsAreNotSearchedWhereNoneAreKept) {
  dossier::testing::TempFolder folder;
  const auto catalog = dossier::testing::loadCatalogFiles(
      folder, {{"groups.yaml", testing::kSearchGroups},
               {"types/complaint.yaml", testing::kSearchComplaint}});
  EXPECT_EQ(*searchableTypes(*catalog, "jsmith", {}), Keys{"case:COMP"});
  EXPECT_TRUE(searchableTypes(*catalog, "jsmith", {{"Documents", ""}})->empty());
}

}  // namespace
}  // namespace dossier::search
