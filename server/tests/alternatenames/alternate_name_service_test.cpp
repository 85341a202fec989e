#include "alternatenames/alternate_name_service.hpp"

#include <gtest/gtest.h>

#include "support/child_record_fixture.hpp"

namespace dossier::alternatenames {
namespace {

using testing::at;
using types::EntityKind;

AlternateName named(const char* first, const char* surname, const char* display = "") {
  AlternateName name;
  name.firstName = first;
  name.surname = surname;
  name.displayName = display;
  return name;
}

class AlternateNames : public testing::ChildRecords {
 protected:
  Result<api::SavedChild<AlternateName>> save(const api::Session& who, AlternateNameDraft draft,
                                              const char* when = "2026-03-15T10:00:00Z") {
    return saveAlternateName(environment(), who, std::move(draft), at(when));
  }
};

TEST_F(AlternateNames, TheDisplayNameIsMadeFromThePartsThatAreThereCutToTheLimit) {
  auto name = named("Peggy", "Zyxwolde");
  name.middleNames = "Ann";
  EXPECT_EQ(calculatedDisplayName(name), "Peggy Ann Zyxwolde");
  EXPECT_EQ(calculatedDisplayName(named("", "Okafor")), "Okafor");
  const auto greek = std::string("Ω") + std::string(60, 'a');
  const auto made = calculatedDisplayName(named(greek.c_str(), greek.c_str()));
  std::size_t characters = 0;
  for (const unsigned char c : made) {
    characters += (c & 0xC0) != 0x80 ? 1 : 0;
  }
  EXPECT_EQ(characters, kNameLimit);
}

TEST_F(AlternateNames, EachPartHoldsAtMostAHundredCharactersAndASurnameOrFirstNameIsNeeded) {
  auto long_ = named("", "");
  long_.surname = std::string(101, 'x');
  long_.explanation = std::string(101, 'x');
  const auto problems = problemsOf(long_);
  EXPECT_EQ(problems.at("Surname"), "At most 100 characters");
  EXPECT_EQ(problems.at("Explanation"), "At most 100 characters");
  EXPECT_EQ(problemsOf(named("", "")).at("Surname"), "Required: a surname or a first name");
  EXPECT_TRUE(problemsOf(named("", "é")).empty());

  const auto person = individual();
  const auto refused = save(jo, {.personReference = person.guid, .name = long_});
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().message, "Some fields need attention: Explanation, Surname.");
  EXPECT_EQ(count("alternate_names"), 0);
}

TEST_F(AlternateNames, ASavedNameIsInThePersonsHistoryAndHasTheSearchReadThePersonAgain) {
  const auto person = individual();
  const auto changesBefore = count("change_log");
  auto saved = save(jo, {.personReference = person.guid, .name = named("Peggy", "Okafor")});
  ASSERT_TRUE(saved) << saved.error().message;
  EXPECT_TRUE(saved->changed);
  EXPECT_EQ(saved->child.displayName, "Peggy Okafor");
  EXPECT_EQ(saved->child.rowVersion, 1);
  EXPECT_EQ(count("change_log"), changesBefore + 1);
  EXPECT_EQ(history(EntityKind::Person, person.identifier()).entries.front().action,
            "alternatename.added");
  const auto written =
      save(jo, {.personReference = person.identifier(), .name = named("Maggie", "Okafor", "Mags")});
  ASSERT_TRUE(written);
  EXPECT_EQ(written->child.displayName, "Mags") << "a display name the person wrote is kept";
}

TEST_F(AlternateNames, ASaveThatChangesNothingWritesNothingAndAStaleOneIsRefused) {
  const auto person = individual();
  auto created = save(jo, {.personReference = person.guid, .name = named("Meg", "Okafor")});
  ASSERT_TRUE(created);
  const auto guid = created->child.guid;
  const auto changesBefore = count("change_log");
  const auto trailBefore = history(EntityKind::Person, person.identifier()).total;

  auto same = save(ann, {.personReference = person.guid,
                         .guid = guid,
                         .name = named("Meg", "Okafor"),
                         .rowVersion = 1});
  ASSERT_TRUE(same) << same.error().message;
  EXPECT_FALSE(same->changed);
  EXPECT_EQ(same->child.modifiedByName, "Jo Smith");
  EXPECT_EQ(count("change_log"), changesBefore);
  EXPECT_EQ(history(EntityKind::Person, person.identifier()).total, trailBefore);

  auto changed = save(ann,
                      {.personReference = person.guid,
                       .guid = guid,
                       .name = named("Megan", "Okafor"),
                       .rowVersion = 1},
                      "2026-03-16T10:00:00Z");
  ASSERT_TRUE(changed) << changed.error().message;
  EXPECT_EQ(changed->child.displayName, "Megan Okafor");
  EXPECT_EQ(changed->child.rowVersion, 2);
  EXPECT_EQ(changed->child.createdByName, "Jo Smith");

  const auto stale = save(jo, {.personReference = person.guid,
                               .guid = guid,
                               .name = named("Mo", "Okafor"),
                               .rowVersion = 1});
  ASSERT_FALSE(stale);
  EXPECT_EQ(stale.error().code, "alternatenames.changed");
  EXPECT_EQ(stale.error().message,
            "This alternate name was changed by Ann Khan at 2026-03-16T10:00:00.000Z after you "
            "opened it. Reload it to see their changes.");
  const auto noVersion =
      save(jo, {.personReference = person.guid, .guid = guid, .name = named("Mo", "Okafor")});
  ASSERT_FALSE(noVersion);
  EXPECT_EQ(noVersion.error().kind, ErrorKind::BadRequest);
}

TEST_F(AlternateNames, OnlyThoseWhoMayChangeThePersonChangeTheirNamesAndNotWhenObsolete) {
  const auto person = individual();
  const auto refused = save(visitor, {.personReference = person.guid, .name = named("A", "B")});
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().kind, ErrorKind::Forbidden);
  ASSERT_TRUE(forms::setPersonObsolete(environment(), meg, person.identifier(), true,
                                       at("2026-03-15T09:00:00Z")));
  const auto obsolete = save(jo, {.personReference = person.guid, .name = named("A", "B")});
  ASSERT_FALSE(obsolete);
  EXPECT_EQ(obsolete.error().code, "records.obsolete");
  EXPECT_EQ(obsolete.error().message, "This Individual is obsolete. Reinstate it to change it.");
  EXPECT_EQ(count("alternate_names"), 0);
}

TEST_F(AlternateNames, ARemovedNameLeavesThePersonAndIsNotThereAnyMore) {
  const auto person = individual();
  auto created = save(jo, {.personReference = person.guid, .name = named("Meg", "Okafor")});
  ASSERT_TRUE(created);
  const auto guid = created->child.guid;
  EXPECT_FALSE(removeAlternateName(environment(), visitor, guid, at("2026-03-15T11:00:00Z")));
  ASSERT_TRUE(removeAlternateName(environment(), jo, guid, at("2026-03-15T11:00:00Z")));
  const auto names = namesOfPerson(environment(), jo, person.guid);
  ASSERT_TRUE(names);
  EXPECT_TRUE(names->names.empty());
  const auto gone = openAlternateName(environment(), jo, person.guid, guid);
  ASSERT_FALSE(gone);
  EXPECT_EQ(gone.error().message, "This alternate name is not there any more.");
  EXPECT_EQ(history(EntityKind::Person, person.identifier()).entries.front().action,
            "alternatename.removed");
}

}  // namespace
}  // namespace dossier::alternatenames
