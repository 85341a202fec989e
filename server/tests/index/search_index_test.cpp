#include "index/search_index.hpp"

#include <atomic>
#include <fstream>
#include <set>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <gtest/gtest.h>

#include "db/connection.hpp"
#include "db/pool.hpp"
#include "forms/form_save.hpp"
#include "support/catalog_files.hpp"
#include "support/sessions.hpp"
#include "support/test_environment.hpp"

namespace dossier::index {
namespace {

namespace json = boost::json;
using types::EntityKind;

const char* const kGroups = R"yaml(groups:
  - {name: caseworkers, members: [jsmith]}
  - {name: investigators, members: [ivy]}
)yaml";

const char* const kComplaint = R"yaml(kind: case
ref: COMP
name: Complaint
numbering: {prefix: CMP, width: 5}
statuses: [{value: OPEN, name: Open}, {value: CLOSED, name: Closed, active: false}]
displayName: "{title}"
access: {view: [everyone], create: [caseworkers], modify: [caseworkers]}
fields:
  - {id: title, type: text, label: Title, mandatory: true, search: true, searchWeight: 3, searchResult: true}
  - {id: notes, type: multiline, label: Notes, search: true}
  - {id: officer, type: text, label: Officer%OFFICER_SEARCH%}
form:
  id: complaint
  layout: [{field: title}, {field: status}, {field: notes}, {field: officer}]
)yaml";

const char* const kInvestigation = R"yaml(kind: case
ref: INV
name: Investigation
numbering: {prefix: INV, width: 4}
statuses: [{value: ACTIVE}]
access: {view: [investigators], create: [investigators], modify: [investigators]}
fields:
  - {id: title, type: text, label: Title, mandatory: true, search: true, searchResult: true}
form:
  id: investigation
  layout: [{field: title}, {field: status}]
)yaml";

const char* const kIndividual = R"yaml(kind: person
ref: IND
name: Individual
displayName: "{firstName} {surname}"
access: {view: [everyone], create: [caseworkers], modify: [caseworkers], delete: [caseworkers]}
fields:
  - {id: firstName, type: text, label: First name, mandatory: true, search: true, searchResult: true}
  - {id: surname, type: text, label: Surname, mandatory: true, search: true, searchResult: true}
form:
  id: individual
  layout: [{field: firstName}, {field: surname}]
)yaml";

std::string complaintType(bool officerSearchable) {
  std::string text = kComplaint;
  const std::string marker = "%OFFICER_SEARCH%";
  text.replace(text.find(marker), marker.size(), officerSearchable ? ", search: true" : "");
  return text;
}

class SearchIndexTest : public ::testing::Test {
 protected:
  testing::TempFolder configFolder;
  testing::TestEnvironment test{
      testing::configWithCatalog(configFolder, {{"groups.yaml", kGroups},
                                                {"types/complaint.yaml", complaintType(false)},
                                                {"types/investigation.yaml", kInvestigation},
                                                {"types/individual.yaml", kIndividual}})};
  const api::Session jo = testing::sessionFor(1, "jsmith");
  const api::Session ivy = testing::sessionFor(2, "ivy");
  const std::vector<std::string> allTypes{"case:COMP", "case:INV", "person:IND"};

  std::unique_ptr<SearchIndex> openIndex(std::optional<std::int64_t> failAfter = std::nullopt,
                                         std::shared_ptr<const types::Catalog> catalog = {}) {
    auto index = SearchIndex::open(
        {test.folder().path() / "index", catalog ? catalog : test.environment().config().catalog,
         "english", failAfter},
        test.db());
    if (!index) {
      throw std::runtime_error(index.error().message);
    }
    return std::move(index).value();
  }

  records::Record save(const api::Session& who, EntityKind kind, const char* type,
                       const std::string& values) {
    forms::SaveRequest request;
    request.kind = kind;
    request.typeRef = type;
    request.values = json::parse(values).as_object();
    auto saved = forms::saveForm(test.environment(), who, request, Clock::now());
    if (!saved) {
      throw std::runtime_error(saved.error().message);
    }
    return saved->record;
  }

  records::Record complaint(const std::string& title, const std::string& notes = "",
                            const std::string& status = "OPEN") {
    return save(jo, EntityKind::Case, "COMP",
                json::serialize(json::object{{"title", title},
                                             {"notes", notes},
                                             {"status", status},
                                             {"officer", "Constable Featherstonehaugh"}}));
  }

  records::Record individual(const std::string& first, const std::string& last) {
    return save(jo, EntityKind::Person, "IND",
                json::serialize(json::object{{"firstName", first}, {"surname", last}}));
  }

  static SearchQuery query(std::string_view text, std::vector<std::string> types,
                           std::set<std::string> groups = {"everyone", "caseworkers"},
                           StatusFilter status = StatusFilter::Active) {
    SearchQuery out;
    out.text = parseSearchText(text).value();
    out.typeKeys = std::move(types);
    out.groups = std::move(groups);
    out.status = status;
    return out;
  }

  static std::vector<std::string> identifiers(SearchIndex& index, const SearchQuery& asked) {
    auto page = index.search(asked);
    EXPECT_TRUE(page.ok()) << (page.ok() ? "" : page.error().message);
    std::vector<std::string> out;
    if (page.ok()) {
      for (const auto& hit : page->hits) {
        out.push_back(hit.identifier);
      }
    }
    return out;
  }

  std::int64_t latestChange() {
    auto db = test.db().acquire();
    auto row = db->query("SELECT COALESCE(MAX(seq), 0) FROM change_log");
    row.step();
    return row.integer(0);
  }
};

using Ids = std::vector<std::string>;

TEST_F(SearchIndexTest, ASavedRecordIsFoundByAnyFormOfItsWords) {
  const auto noise = complaint("Complaints about barking dogs");
  auto index = openIndex();
  ASSERT_TRUE(index->catchUp().ok());
  EXPECT_EQ(identifiers(*index, query("complaint bark", allTypes)), Ids{noise.caseNumber});
  EXPECT_EQ(identifiers(*index, query("DOG", allTypes)), Ids{noise.caseNumber});
}

TEST_F(SearchIndexTest, EveryWordMustMatch) {
  const auto noise = complaint("Loud music from the harbour bar");
  complaint("Loud building work at night");
  auto index = openIndex();
  ASSERT_TRUE(index->catchUp().ok());
  EXPECT_EQ(identifiers(*index, query("loud harbour", allTypes)), Ids{noise.caseNumber});
  EXPECT_EQ(identifiers(*index, query("loud", allTypes)).size(), 2u);
}

TEST_F(SearchIndexTest, APhraseMatchesItsWordsTogetherAndInOrder) {
  const auto bar = complaint("Music from the harbour bar");
  complaint("A bar by the harbour");
  auto index = openIndex();
  ASSERT_TRUE(index->catchUp().ok());
  EXPECT_EQ(identifiers(*index, query(R"("harbour bar")", allTypes)), Ids{bar.caseNumber});
}

TEST_F(SearchIndexTest, AStarFindsWordsBeginningSo) {
  const auto one = complaint("Harbour bar");
  const auto two = complaint("Harbridge market");
  complaint("Fly-tipping");
  auto index = openIndex();
  ASSERT_TRUE(index->catchUp().ok());
  auto found = identifiers(*index, query("harb*", allTypes));
  std::sort(found.begin(), found.end());
  EXPECT_EQ(found, (Ids{one.caseNumber, two.caseNumber}));
}

TEST_F(SearchIndexTest, ADashLeavesRecordsWithTheWordOut) {
  complaint("Loud music from the bar");
  const auto building = complaint("Loud building work");
  auto index = openIndex();
  ASSERT_TRUE(index->catchUp().ok());
  EXPECT_EQ(identifiers(*index, query("loud -music", allTypes)), Ids{building.caseNumber});
}

TEST_F(SearchIndexTest, CaseNumbersAndPersonIdsMatchExactlyAndByPrefix) {
  const auto first = complaint("Noise");
  const auto second = complaint("Odour");
  const auto ann = individual("Ann", "Okafor");
  auto index = openIndex();
  ASSERT_TRUE(index->catchUp().ok());
  EXPECT_EQ(identifiers(*index, query(second.caseNumber, allTypes)), Ids{second.caseNumber});
  const auto prefix = first.caseNumber.substr(0, first.caseNumber.size() - 1) + "*";
  EXPECT_EQ(identifiers(*index, query(prefix, allTypes)).size(), 2u);
  EXPECT_EQ(identifiers(*index, query(std::to_string(ann.id), {"person:IND"})),
            Ids{std::to_string(ann.id)});
}

TEST_F(SearchIndexTest, ATitleRanksAboveTheSameWordInNotes) {
  const auto inNotes = complaint("Parking on the pavement", "The harbour car park was full.");
  const auto inTitle = complaint("Harbour wall damaged", "Stones fell into the road.");
  auto index = openIndex();
  ASSERT_TRUE(index->catchUp().ok());
  EXPECT_EQ(identifiers(*index, query("harbour", allTypes)),
            (Ids{inTitle.caseNumber, inNotes.caseNumber}));
}

TEST_F(SearchIndexTest, OnlyFieldsFlaggedForSearchAreSearched) {
  complaint("Noise");
  auto index = openIndex();
  ASSERT_TRUE(index->catchUp().ok());
  EXPECT_TRUE(identifiers(*index, query("Featherstonehaugh", allTypes)).empty());
}

TEST_F(SearchIndexTest, TheTypeFilterKeepsToTheAskedTypes) {
  complaint("Smith Street noise");
  const auto smith = individual("Jo", "Smith");
  auto index = openIndex();
  ASSERT_TRUE(index->catchUp().ok());
  EXPECT_EQ(identifiers(*index, query("smith", {"person:IND"})), Ids{std::to_string(smith.id)});
  EXPECT_EQ(identifiers(*index, query("smith", allTypes)).size(), 2u);
}

TEST_F(SearchIndexTest, ClosedCasesAreFoundOnlyWhenInactiveOrAllAreAsked) {
  const auto open = complaint("Noise from the bar");
  const auto closed = complaint("Noise from the club", "", "CLOSED");
  auto index = openIndex();
  ASSERT_TRUE(index->catchUp().ok());
  const std::set<std::string> groups{"everyone"};
  EXPECT_EQ(identifiers(*index, query("noise", allTypes, groups)), Ids{open.caseNumber});
  EXPECT_EQ(identifiers(*index, query("noise", allTypes, groups, StatusFilter::Inactive)),
            Ids{closed.caseNumber});
  EXPECT_EQ(identifiers(*index, query("noise", allTypes, groups, StatusFilter::All)).size(), 2u);
}

TEST_F(SearchIndexTest, NothingFoundCountsTheMatchesUnderTheStatusesLeftOut) {
  complaint("Noise from the club", "", "CLOSED");
  complaint("Noise from the pier", "", "CLOSED");
  complaint("Litter on the beach");
  auto index = openIndex();
  ASSERT_TRUE(index->catchUp().ok());
  auto active = index->search(query("noise", allTypes));
  ASSERT_TRUE(active.ok());
  EXPECT_TRUE(active->hits.empty());
  EXPECT_EQ(active->otherStatusCount, 2);
  auto inactive = index->search(query("litter", allTypes, {"everyone"}, StatusFilter::Inactive));
  ASSERT_TRUE(inactive.ok());
  EXPECT_EQ(inactive->otherStatusCount, 1);
  // Only an empty page is worth the second count.
  auto found = index->search(query("noise", allTypes, {"everyone"}, StatusFilter::Inactive));
  ASSERT_TRUE(found.ok());
  EXPECT_EQ(found->hits.size(), 2u);
  EXPECT_EQ(found->otherStatusCount, 0);
}

TEST_F(SearchIndexTest, RelevanceIsAShareOfTheBestHitOfTheWholeSearch) {
  complaint("Harbour noise", "Harbour bar plays music at the harbour every night");
  complaint("Parking", "A van parked near the harbour");
  complaint("Litter", "Bins by the harbour overflow");
  auto index = openIndex();
  ASSERT_TRUE(index->catchUp().ok());
  auto whole = index->search(query("harbour", allTypes));
  ASSERT_TRUE(whole.ok());
  ASSERT_EQ(whole->hits.size(), 3u);
  EXPECT_DOUBLE_EQ(whole->hits[0].relevance, 1.0);
  EXPECT_LT(whole->hits[1].relevance, 1.0);
  EXPECT_GT(whole->hits[2].relevance, 0.0);
  // The second page is measured against the same best hit, not its own first row.
  auto second = query("harbour", allTypes);
  second.offset = 1;
  second.pageSize = 1;
  auto page = index->search(second);
  ASSERT_TRUE(page.ok());
  ASSERT_EQ(page->hits.size(), 1u);
  EXPECT_DOUBLE_EQ(page->hits[0].relevance, whole->hits[1].relevance);
}

TEST_F(SearchIndexTest, AnObsoletePersonCountsAsInactive) {
  const auto ann = individual("Ann", "Okafor");
  ASSERT_TRUE(
      forms::setPersonObsolete(test.environment(), jo, std::to_string(ann.id), true, Clock::now())
          .ok());
  auto index = openIndex();
  ASSERT_TRUE(index->catchUp().ok());
  EXPECT_TRUE(identifiers(*index, query("okafor", allTypes)).empty());
  EXPECT_EQ(identifiers(*index, query("okafor", allTypes, {"everyone"}, StatusFilter::Inactive)),
            Ids{std::to_string(ann.id)});
}

TEST_F(SearchIndexTest, ARecordIsFoundOnlyByThoseInAGroupAllowedToSeeIt) {
  const auto secret = save(ivy, EntityKind::Case, "INV", R"({"title": "Secret harbour inquiry"})");
  auto index = openIndex();
  ASSERT_TRUE(index->catchUp().ok());
  // Even asked for by type and by number, the group terms keep it from anyone outside.
  EXPECT_TRUE(
      identifiers(*index, query("harbour", {"case:INV"}, {"everyone", "caseworkers"})).empty());
  EXPECT_TRUE(identifiers(*index, query(secret.caseNumber, allTypes, {"everyone"})).empty());
  EXPECT_EQ(identifiers(*index, query("harbour", {"case:INV"}, {"everyone", "investigators"})),
            Ids{secret.caseNumber});
}

TEST_F(SearchIndexTest, AResultCarriesItsFieldsAndAHighlightedEscapedExtract) {
  const auto noise = complaint("Music <b>loud</b>", "Shouting & music after <midnight> most days");
  auto index = openIndex();
  ASSERT_TRUE(index->catchUp().ok());
  auto page = index->search(query("music", allTypes));
  ASSERT_TRUE(page.ok());
  ASSERT_EQ(page->hits.size(), 1u);
  const auto& hit = page->hits[0];
  EXPECT_EQ(hit.kind, "case");
  EXPECT_EQ(hit.typeRef, "COMP");
  EXPECT_EQ(hit.guid, noise.guid);
  EXPECT_DOUBLE_EQ(hit.relevance, 1.0);
  const auto& fields = hit.searchFields->json;
  EXPECT_NE(
      fields.find(R"({"key":"Title","value":"Music <b>loud</b>","displayInSearchResult":true})"),
      std::string::npos)
      << fields;
  EXPECT_NE(fields.find(R"("key":"Case Number","value":")" + noise.caseNumber), std::string::npos);
  EXPECT_NE(fields.find(R"({"key":"RowIcon","value":"Case","displayInSearchResult":false})"),
            std::string::npos);
  ASSERT_EQ(hit.extracts.size(), 1u);
  EXPECT_NE(hit.extracts[0].find("<mark>music</mark>"), std::string::npos) << hit.extracts[0];
  EXPECT_NE(hit.extracts[0].find("&lt;midnight&gt;"), std::string::npos) << hit.extracts[0];
  EXPECT_EQ(hit.extracts[0].find("<midnight>"), std::string::npos);
  EXPECT_EQ(hit.extracts[0].find("loud"), std::string::npos)
      << "the title is shown above the extract, not again inside it: " << hit.extracts[0];
}

TEST_F(SearchIndexTest, AnEmptyTextListsEveryRecordOfTheTypesNewestFirst) {
  const auto first = complaint("First");
  const auto second = complaint("Second");
  individual("Ann", "Okafor");
  auto index = openIndex();
  ASSERT_TRUE(index->catchUp().ok());
  EXPECT_EQ(identifiers(*index, query("", {"case:COMP"})),
            (Ids{second.caseNumber, first.caseNumber}));
}

TEST_F(SearchIndexTest, PagesAreDisjointAndTheTotalCountsEveryMatch) {
  for (int i = 0; i < 7; ++i) {
    complaint("Noise report " + std::to_string(i));
  }
  auto index = openIndex();
  ASSERT_TRUE(index->catchUp().ok());
  auto asked = query("noise", allTypes);
  asked.pageSize = 3;
  std::set<std::string> seen;
  for (int page = 0; page < 3; ++page) {
    asked.offset = page * 3;
    auto found = index->search(asked);
    ASSERT_TRUE(found.ok());
    EXPECT_EQ(found->total, 7);
    EXPECT_TRUE(found->totalIsExact);
    for (const auto& hit : found->hits) {
      EXPECT_TRUE(seen.insert(hit.identifier).second) << hit.identifier << " twice";
    }
  }
  EXPECT_EQ(seen.size(), 7u);
}

TEST_F(SearchIndexTest, AChangeReplacesWhatTheIndexHeld) {
  const auto noise = complaint("Barking dog");
  auto index = openIndex();
  ASSERT_TRUE(index->catchUp().ok());
  // The reader of this search is kept for the next, which must see the commit in between.
  EXPECT_EQ(identifiers(*index, query("barking", allTypes)), Ids{noise.caseNumber});
  forms::SaveRequest request;
  request.kind = EntityKind::Case;
  request.identifier = noise.caseNumber;
  request.rowVersion = noise.rowVersion;
  request.values = json::parse(R"({"title": "Crowing cockerel"})").as_object();
  ASSERT_TRUE(forms::saveForm(test.environment(), jo, request, Clock::now()).ok());
  ASSERT_TRUE(index->catchUp().ok());
  EXPECT_TRUE(identifiers(*index, query("barking", allTypes)).empty());
  EXPECT_EQ(identifiers(*index, query("cockerel", allTypes)), Ids{noise.caseNumber});
  EXPECT_EQ(index->documentCount(), 1);
}

TEST_F(SearchIndexTest, SuggestionsCompleteAWordFromTitlesOfTheGivenTypesOnly) {
  complaint("Harbour bar music");
  complaint("Harbour wall");
  complaint("Hardware shop");
  save(ivy, EntityKind::Case, "INV", R"({"title": "Harvest festival fraud"})");
  auto index = openIndex();
  ASSERT_TRUE(index->catchUp().ok());
  auto words = index->suggest("har", {"case:COMP", "person:IND"}, 8);
  ASSERT_TRUE(words.ok());
  EXPECT_EQ(words.value(), (std::vector<std::string>{"harbour", "hardware"}))
      << "most common first, and nothing from investigations";
  auto withHidden = index->suggest("harv", {"case:INV"}, 8);
  ASSERT_TRUE(withHidden.ok());
  EXPECT_EQ(withHidden.value(), std::vector<std::string>{"harvest"});
  auto limited = index->suggest("har", {"case:COMP"}, 1);
  ASSERT_TRUE(limited.ok());
  EXPECT_EQ(limited->size(), 1u);
}

TEST_F(SearchIndexTest, OneOrTwoLettersSuggestTheCommonestWordsAndAWordNewToTheIndexSoonAfter) {
  complaint("Hardware shop");
  complaint("Harbour wall");
  complaint("Harbour bar");
  auto index = openIndex();
  ASSERT_TRUE(index->catchUp().ok());
  auto words = index->suggest("ha", {"case:COMP"}, 8);
  ASSERT_TRUE(words.ok());
  EXPECT_EQ(words.value(), (std::vector<std::string>{"harbour", "hardware"}));
  EXPECT_EQ(index->suggest("h", {"case:COMP"}, 1).value(), std::vector<std::string>{"harbour"});

  complaint("Hail damage");
  ASSERT_TRUE(index->catchUp().ok());
  EXPECT_EQ(index->suggest("hai", {"case:COMP"}, 8).value(), std::vector<std::string>{"hail"})
      << "three letters and more are looked up at once";
}

TEST_F(SearchIndexTest, TheAppliedSequenceIsKeptInTheIndexAcrossRestarts) {
  complaint("Noise");
  complaint("Odour");
  {
    auto index = openIndex();
    ASSERT_TRUE(index->catchUp().ok());
    EXPECT_EQ(index->appliedSequence(), latestChange());
  }
  auto reopened = openIndex();
  EXPECT_EQ(reopened->appliedSequence(), latestChange());
  auto again = reopened->catchUp();
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again.value(), 0) << "nothing is applied twice";
}

TEST_F(SearchIndexTest, ABrokenIndexFailsTheSearchWithItsDetailForTheLogOnly) {
  complaint("Noise from the bar");
  auto index = openIndex();
  ASSERT_TRUE(index->catchUp().ok());
  for (const auto& entry : std::filesystem::directory_iterator(test.folder().path() / "index")) {
    std::ofstream(entry.path(), std::ios::trunc) << "not an index";
  }
  const auto page = index->search(query("noise", allTypes));
  ASSERT_FALSE(page.ok());
  EXPECT_EQ(page.error().kind, ErrorKind::Internal);
  EXPECT_EQ(page.error().code, "index.failed");
  EXPECT_NE(page.error().message.find("search: "), std::string::npos) << "kept for the log";
}

TEST_F(SearchIndexTest, AFailureHalfWayCommitsNothingAndTheNextRunEndsExactlyConsistent) {
  for (int i = 0; i < 10; ++i) {
    complaint("Noise report " + std::to_string(i));
  }
  {
    auto failing = openIndex(4);
    auto applied = failing->catchUp();
    ASSERT_FALSE(applied.ok());
    EXPECT_EQ(failing->appliedSequence(), 0);
    EXPECT_EQ(failing->documentCount(), 0) << "the documents before the failure are not kept";
  }
  {
    // Stopped for good half-way: the index on disk still says nothing was applied.
    auto reopened = openIndex();
    EXPECT_EQ(reopened->appliedSequence(), 0);
    auto applied = reopened->catchUp();
    ASSERT_TRUE(applied.ok());
    EXPECT_EQ(applied.value(), 10);
    EXPECT_EQ(reopened->appliedSequence(), latestChange());
    EXPECT_EQ(reopened->documentCount(), 10);
    EXPECT_EQ(identifiers(*reopened, query("noise", allTypes)).size(), 10u);
  }
}

TEST_F(SearchIndexTest, ATypeNotAskedForStaysOutWhenItsViewersAreHiddenToo) {
  const auto secret = save(ivy, EntityKind::Case, "INV", R"({"title": "Secret harbour inquiry"})");
  const auto noise = complaint("Harbour noise");
  auto index = openIndex();
  ASSERT_TRUE(index->rebuild({}).ok());
  // Investigations are neither asked for nor visible: left out once, by their viewers.
  EXPECT_EQ(identifiers(*index, query("harbour", {"case:COMP"}, {"everyone", "caseworkers"})),
            Ids{noise.caseNumber});
  // Visible but not asked for: left out by type.
  EXPECT_EQ(identifiers(*index, query("harbour", {"case:COMP"}, {"everyone", "investigators"})),
            Ids{noise.caseNumber});
  EXPECT_EQ(identifiers(*index, query("harbour", {"case:INV"}, {"everyone", "investigators"})),
            Ids{secret.caseNumber});
}

TEST_F(SearchIndexTest, RankedPagesHoldOnlyWhatThePersonMaySeeAndCountItExactly) {
  // Hidden investigations interleaved with visible complaints, all matching, all ranked alike:
  // the page and the count must be the complaints alone, whichever the matcher weighs first.
  std::set<std::string> complaints;
  for (int i = 0; i < 30; ++i) {
    save(ivy, EntityKind::Case, "INV", R"({"title": "Harbour inquiry"})");
    complaints.insert(complaint("Harbour noise").caseNumber);
    save(ivy, EntityKind::Case, "INV", R"({"title": "Harbour inquiry"})");
  }
  auto index = openIndex();
  ASSERT_TRUE(index->rebuild({}).ok());
  std::set<std::string> seen;
  for (const int offset : {0, 20}) {
    auto asked = query("harbour", allTypes, {"everyone", "caseworkers"});
    asked.offset = offset;
    asked.pageSize = 20;
    const auto page = index->search(asked);
    ASSERT_TRUE(page.ok()) << page.error().message;
    EXPECT_EQ(page->total, 30);
    EXPECT_TRUE(page->totalIsExact);
    for (const auto& hit : page->hits) {
      EXPECT_TRUE(complaints.contains(hit.identifier)) << hit.identifier << " is not theirs to see";
      seen.insert(hit.identifier);
    }
  }
  EXPECT_EQ(seen, complaints);
}

TEST_F(SearchIndexTest, AnIndexOfTheConfigurationBeforeKeepsAHiddenTypeOutWhileItIsRebuilt) {
  // When the index was built investigations were visible to everyone and complaints to
  // investigators only; now it is the other way round, and the old index answers until its
  // rebuild is done. Its complaints carry the viewer set investigations have now.
  testing::TempFolder swappedFolder;
  auto open = std::string(kInvestigation);
  open.replace(open.find("view: [investigators]"), 21, "view: [everyone]");
  auto closed = complaintType(false);
  closed.replace(closed.find("view: [everyone]"), 16, "view: [investigators]");
  const auto before =
      testing::loadCatalogFiles(swappedFolder, {{"groups.yaml", kGroups},
                                                {"types/complaint.yaml", closed},
                                                {"types/investigation.yaml", open},
                                                {"types/individual.yaml", kIndividual}});
  complaint("Harbour noise");
  const auto secret = save(ivy, EntityKind::Case, "INV", R"({"title": "Secret harbour inquiry"})");
  {
    auto index = openIndex(std::nullopt, before);
    ASSERT_TRUE(index->rebuild({}).ok());
  }
  auto index = openIndex();
  ASSERT_TRUE(index->needsRebuild());
  // Its records carry the old viewers (everyone): the type itself must keep them out.
  EXPECT_TRUE(
      identifiers(*index, query("harbour", {"case:COMP"}, {"everyone", "caseworkers"})).empty());
  EXPECT_TRUE(identifiers(*index, query(secret.caseNumber, {"case:COMP", "person:IND"},
                                        {"everyone", "caseworkers"}))
                  .empty());
}

TEST_F(SearchIndexTest, AChangedConfigurationMakesTheIndexRebuildWithIt) {
  complaint("Noise");
  {
    auto index = openIndex();
    EXPECT_TRUE(index->needsRebuild()) << "a new index was built with nothing";
    ASSERT_TRUE(index->rebuild({}).ok());
    EXPECT_FALSE(index->needsRebuild());
    EXPECT_TRUE(identifiers(*index, query("Featherstonehaugh", allTypes)).empty());
  }
  testing::TempFolder changedFolder;
  const auto changed =
      testing::loadCatalogFiles(changedFolder, {{"groups.yaml", kGroups},
                                                {"types/complaint.yaml", complaintType(true)},
                                                {"types/investigation.yaml", kInvestigation},
                                                {"types/individual.yaml", kIndividual}});
  auto index = openIndex(std::nullopt, changed);
  EXPECT_TRUE(index->needsRebuild());
  std::int64_t reported = 0;
  ASSERT_TRUE(index->rebuild([&](std::int64_t done, std::int64_t) { reported = done; }).ok());
  EXPECT_EQ(reported, 1);
  EXPECT_FALSE(index->needsRebuild());
  EXPECT_EQ(identifiers(*index, query("Featherstonehaugh", allTypes)).size(), 1u);
}

TEST_F(SearchIndexTest, AnIndexAheadOfItsDatabaseIsRebuilt) {
  complaint("Noise");
  {
    auto index = openIndex();
    ASSERT_TRUE(index->rebuild({}).ok());
  }
  {
    auto db = test.db().acquire();
    db->execute("DELETE FROM change_log");
  }
  EXPECT_TRUE(openIndex()->needsRebuild());
}

TEST_F(SearchIndexTest, TheIndexerFollowsSavesAndASaveCanWaitForIt) {
  auto index = openIndex();
  index->start();
  const auto noise = complaint("Barking dog");
  index->notify();
  EXPECT_TRUE(index->waitUntilCurrent(std::chrono::seconds(5)));
  EXPECT_EQ(identifiers(*index, query("barking", allTypes)), Ids{noise.caseNumber});
  index->stop();
}

TEST_F(SearchIndexTest, SavesInAStreamAreEachFoundOnceTheirWaitReturns) {
  auto index = openIndex();
  index->start();
  // Saves from several threads at once: the indexer commits them in groups, and each save's wait
  // still ends only once a pass begun after its commit has applied it.
  const std::vector<std::string> words{"aardvark", "bittern", "capybara", "dugong",
                                       "echidna",  "fossa",   "gharial",  "hoatzin"};
  std::vector<std::string> numbers(words.size());
  std::vector<bool> waited(words.size());
  std::vector<std::thread> savers;
  for (std::size_t i = 0; i < words.size(); ++i) {
    savers.emplace_back([&, i] {
      for (int round = 0; round < 5; ++round) {
        numbers[i] = complaint(words[i] + " " + std::to_string(round)).caseNumber;
        index->notify();
        waited[i] = index->waitUntilCurrent(std::chrono::seconds(5));
        if (!waited[i] || identifiers(*index, query(words[i], allTypes)).size() !=
                              static_cast<std::size_t>(round + 1)) {
          waited[i] = false;
          return;
        }
      }
    });
  }
  for (auto& saver : savers) {
    saver.join();
  }
  for (std::size_t i = 0; i < words.size(); ++i) {
    EXPECT_TRUE(waited[i]) << words[i] << ": not found once its wait returned";
  }
  index->stop();
}

TEST_F(SearchIndexTest, ManySearchesAtOnceAllAnswer) {
  for (int i = 0; i < 20; ++i) {
    complaint("Loud music report " + std::to_string(i), "Complaints about barking and shouting");
  }
  auto index = openIndex();
  ASSERT_TRUE(index->catchUp().ok());
  std::atomic<int> failures{0};
  std::vector<std::thread> clients;
  for (int client = 0; client < 4; ++client) {
    clients.emplace_back([&] {
      for (int i = 0; i < 50; ++i) {
        auto page = index->search(query("complaint barks", allTypes));
        if (!page.ok() || page->hits.size() != 20 || page->hits[0].extracts.empty()) {
          ++failures;
        }
      }
    });
  }
  for (auto& client : clients) {
    client.join();
  }
  EXPECT_EQ(failures, 0);
}

TEST_F(SearchIndexTest, TheWriterOpensAgainWhileAChildProcessBrieflyHoldsACopyOfItsLock) {
  auto index = openIndex();
  // A child forked by another thread (a macro runner, the file inspector) holds a copy of every
  // descriptor of the server until it execs: the index's lock among them.
  const pid_t child = fork();
  if (child == 0) {
    usleep(300'000);
    _exit(0);
  }
  index.reset();
  EXPECT_NO_THROW(index = openIndex());
  waitpid(child, nullptr, 0);
}

TEST_F(SearchIndexTest, ASecondWriterIsRefusedWithAMessage) {
  auto index = openIndex();
  auto second = SearchIndex::open(
      {test.folder().path() / "index", test.environment().config().catalog, "english", {}},
      test.db());
  ASSERT_FALSE(second.ok());
  EXPECT_EQ(second.error().code, "index.locked");
  EXPECT_NE(second.error().message.find("in use by another dossier process"), std::string::npos);
}

}  // namespace
}  // namespace dossier::index
