#include "forms/form_save.hpp"

#include <atomic>
#include <thread>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <gtest/gtest.h>

#include "db/connection.hpp"
#include "db/pool.hpp"
#include "records/audit.hpp"
#include "support/catalog_files.hpp"
#include "support/sessions.hpp"
#include "support/test_environment.hpp"

namespace dossier::forms {
namespace {

namespace json = boost::json;
using types::EntityKind;

const char* const kGroups = R"yaml(groups:
  - {name: caseworkers, members: [jsmith, akhan]}
  - {name: administrators, members: [admin]}
  - {name: investigators, members: [ivy]}
)yaml";

const char* const kComplaint = R"yaml(kind: case
ref: COMP
name: Complaint
numbering: {prefix: CMP, width: 5}
statuses: [{value: OPEN, name: Open}, {value: CLOSED, name: Closed, active: false}]
displayName: "{title}"
access: {view: [everyone], create: [caseworkers], modify: [caseworkers], delete: [administrators]}
fields:
  - {id: title, type: text, label: Title, mandatory: true}
  - {id: receivedOn, type: date, label: Received on, mandatory: true}
  - {id: urgent, type: yesno, label: Urgent, default: false}
  - {id: complainant, type: person, label: Complainant, role: COMPLAINANT}
  - {id: related, type: case, label: Related case, role: RELATED}
  - {id: notes, type: multiline, label: Notes}
form:
  id: complaint
  layout:
    - field: title
    - field: status
    - field: receivedOn
    - field: urgent
    - field: complainant
    - field: related
    - field: notes
)yaml";

const char* const kInvestigation = R"yaml(kind: case
ref: INV
name: Investigation
numbering: {prefix: INV, width: 4}
statuses: [{value: ACTIVE}]
access: {view: [investigators], create: [investigators], modify: [investigators]}
fields:
  - {id: title, type: text, label: Title, mandatory: true}
form:
  id: investigation
  layout: [{field: title}, {field: status}]
)yaml";

const char* const kIndividual = R"yaml(kind: person
ref: IND
name: Individual
displayName: "{firstName} {surname}"
access: {view: [everyone], create: [caseworkers], modify: [caseworkers], delete: [administrators]}
fields:
  - {id: firstName, type: text, label: First name, mandatory: true}
  - {id: surname, type: text, label: Surname, mandatory: true}
form:
  id: individual
  layout: [{field: firstName}, {field: surname}]
)yaml";

TimePoint at(const char* iso) {
  return *parseIsoTime(iso);
}

class FormSave : public ::testing::Test {
 protected:
  testing::TempFolder configFolder;
  testing::TestEnvironment test{
      testing::configWithCatalog(configFolder, {{"groups.yaml", kGroups},
                                                {"types/complaint.yaml", kComplaint},
                                                {"types/investigation.yaml", kInvestigation},
                                                {"types/individual.yaml", kIndividual}})};
  const api::Session jo = testing::sessionFor(1, "jsmith", "Jo Smith");
  const api::Session ann = testing::sessionFor(2, "akhan", "Ann Khan");
  const api::Session admin = testing::sessionFor(3, "admin", "Administrator");
  const api::Session ivy = testing::sessionFor(4, "ivy", "Ivy Investigator");
  const api::Session visitor = testing::sessionFor(5, "visitor", "A Visitor");

  Result<SaveOutcome> create(const api::Session& who, EntityKind kind, const char* type,
                             const char* values, const char* when = "2026-03-14T09:00:00Z") {
    SaveRequest request;
    request.kind = kind;
    request.typeRef = type;
    request.values = json::parse(values).as_object();
    return saveForm(test.environment(), who, request, at(when));
  }

  Result<SaveOutcome> update(const api::Session& who, EntityKind kind, const std::string& id,
                             std::optional<std::int64_t> version, const char* values,
                             const char* when = "2026-03-14T10:00:00Z") {
    SaveRequest request;
    request.kind = kind;
    request.identifier = id;
    request.rowVersion = version;
    request.values = json::parse(values).as_object();
    return saveForm(test.environment(), who, request, at(when));
  }

  records::Record complaint(const char* values = R"({"title": "Noise at night",
                                                      "receivedOn": "2026-03-13"})") {
    auto created = create(jo, EntityKind::Case, "COMP", values);
    if (!created) {
      throw std::runtime_error(created.error().message);
    }
    return created->record;
  }

  records::Record person(const char* first = "Margaret", const char* last = "Okafor") {
    const auto values = json::serialize(json::object{{"firstName", first}, {"surname", last}});
    auto created = create(jo, EntityKind::Person, "IND", values.c_str());
    if (!created) {
      throw std::runtime_error(created.error().message);
    }
    return created->record;
  }

  std::optional<records::Record> stored(EntityKind kind, const std::string& id) {
    auto db = test.db().acquire();
    return records::findRecord(*db, kind, id);
  }

  records::HistoryPage history(const records::Record& record) {
    auto db = test.db().acquire();
    return records::readHistory(*db, record.kind, record.id, 1, 50);
  }

  std::int64_t count(const char* table) {
    auto db = test.db().acquire();
    auto row = db->query(std::string("SELECT COUNT(*) FROM ") + table);
    row.step();
    return row.integer(0);
  }
};

// Creating --------------------------------------------------------------------------------------

TEST_F(FormSave, ANewCaseGetsTheNextCaseNumberAndTheDefaultStatus) {
  const auto first = complaint();
  EXPECT_EQ(first.caseNumber, "CMP-2026-00001");
  EXPECT_EQ(first.status, "OPEN");
  EXPECT_EQ(first.displayName, "Noise at night");
  EXPECT_EQ(first.rowVersion, 1);
  EXPECT_EQ(first.createdByName, "Jo Smith");
  EXPECT_EQ(complaint().caseNumber, "CMP-2026-00002");

  const auto found = stored(EntityKind::Case, "CMP-2026-00001");
  ASSERT_TRUE(found.has_value());
  EXPECT_EQ(found->status, "OPEN");
  EXPECT_EQ(found->displayName, "Noise at night");
  EXPECT_EQ(json::value(found->values),
            json::parse(R"({"title": "Noise at night", "receivedOn": "2026-03-13",
                            "urgent": false})"))
      << "the status is kept in its own column, the defaults with the values";
}

TEST_F(FormSave, CreatingWritesTheAuditTrail) {
  const auto created = complaint();
  const auto trail = history(created);
  ASSERT_EQ(trail.total, 1);
  const auto& entry = trail.entries[0];
  EXPECT_EQ(entry.action, "created");
  EXPECT_EQ(entry.username, "jsmith");
  EXPECT_EQ(entry.userDisplayName, "Jo Smith");
  EXPECT_EQ(entry.at, "2026-03-14T09:00:00.000Z");
  std::vector<std::string> fields;
  for (const auto& change : entry.changes.as_array()) {
    fields.emplace_back(change.at("field").as_string());
  }
  EXPECT_EQ(fields, (std::vector<std::string>{"title", "receivedOn", "urgent", "status"}));
  EXPECT_EQ(count("change_log"), 1);
}

TEST_F(FormSave, ANewPersonIsNamedFromTheDisplayNameTemplate) {
  const auto created = person("Tomasz", "Nowak");
  EXPECT_EQ(created.displayName, "Tomasz Nowak");
  EXPECT_FALSE(created.obsolete);
  EXPECT_EQ(stored(EntityKind::Person, created.identifier())->displayName, "Tomasz Nowak");
}

TEST_F(FormSave, CreatingNeedsTheRightToCreate) {
  const auto refused = create(visitor, EntityKind::Case, "COMP",
                              R"({"title": "Noise", "receivedOn": "2026-03-13"})");
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().kind, ErrorKind::Forbidden);
  EXPECT_EQ(refused.error().code, "records.create_denied");
  EXPECT_EQ(refused.error().message, "You are not allowed to create a Complaint.");
  EXPECT_EQ(count("cases"), 0);
  EXPECT_EQ(count("entity_audit"), 0);
}

TEST_F(FormSave, CreatingATypeThatDoesNotExistIsNotFound) {
  const auto refused = create(jo, EntityKind::Case, "NOPE", "{}");
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().kind, ErrorKind::NotFound);
  EXPECT_EQ(refused.error().code, "forms.unknown_type");
  EXPECT_EQ(refused.error().message, "There is no case type 'NOPE'.");
  // A person type is not a case type.
  EXPECT_FALSE(create(jo, EntityKind::Case, "IND", "{}").ok());
}

TEST_F(FormSave, AnInvalidFormSaysWhichFieldsNeedAttentionAndStoresNothing) {
  const auto refused =
      create(jo, EntityKind::Case, "COMP", R"({"notes": "x", "receivedOn": "2026-02-30"})");
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().kind, ErrorKind::BadRequest);
  EXPECT_EQ(refused.error().code, "types.form_invalid");
  EXPECT_EQ(refused.error().message, "Some fields need attention: Title, Received on.");
  EXPECT_EQ(refused.error().fieldErrors,
            (std::map<std::string, std::string>{{"title", "Required"},
                                                {"receivedOn", "Must be a date (YYYY-MM-DD)."}}));
  EXPECT_EQ(count("cases"), 0);
  EXPECT_EQ(count("change_log"), 0);
}

TEST_F(FormSave, AFieldTheFormDoesNotHaveIsRefused) {
  const auto refused = create(jo, EntityKind::Case, "COMP",
                              R"({"title": "Noise", "receivedOn": "2026-03-13", "colour": "red"})");
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().code, "types.form_unknown_field");
  EXPECT_EQ(count("cases"), 0);
}

// Updating --------------------------------------------------------------------------------------

TEST_F(FormSave, AnUpdateStoresTheChangeAndRecordsOnlyWhatChanged) {
  const auto created = complaint();
  const auto saved =
      update(ann, EntityKind::Case, created.caseNumber, 1, R"({"notes": "Called back"})");
  ASSERT_TRUE(saved.ok()) << saved.error().message;
  EXPECT_TRUE(saved->changed);
  EXPECT_EQ(saved->record.rowVersion, 2);
  EXPECT_EQ(saved->record.modifiedByName, "Ann Khan");

  const auto found = stored(EntityKind::Case, created.caseNumber);
  EXPECT_EQ(found->values.at("notes"), "Called back");
  EXPECT_EQ(found->values.at("title"), "Noise at night");
  EXPECT_EQ(found->rowVersion, 2);

  const auto trail = history(created);
  ASSERT_EQ(trail.total, 2);
  EXPECT_EQ(trail.entries[0].action, "updated");
  EXPECT_EQ(trail.entries[0].username, "akhan");
  EXPECT_EQ(trail.entries[0].changes,
            json::parse(R"([{"field": "notes", "label": "Notes", "oldValue": null,
                             "newValue": "Called back"}])"));
  EXPECT_EQ(count("change_log"), 2);
}

TEST_F(FormSave, TheStatusIsChangedLikeAField) {
  const auto created = complaint();
  const auto saved = update(jo, EntityKind::Case, created.caseNumber, 1, R"({"status": "CLOSED"})");
  ASSERT_TRUE(saved.ok()) << saved.error().message;
  EXPECT_EQ(saved->record.status, "CLOSED");
  const auto found = stored(EntityKind::Case, created.caseNumber);
  EXPECT_EQ(found->status, "CLOSED");
  EXPECT_FALSE(found->values.contains("status"));
  EXPECT_EQ(history(created).entries[0].changes,
            json::parse(R"([{"field": "status", "label": "Status", "oldValue": "OPEN",
                             "newValue": "CLOSED"}])"));
}

TEST_F(FormSave, AStatusThatIsNotOneOfTheTypesIsRefused) {
  const auto created = complaint();
  const auto refused =
      update(jo, EntityKind::Case, created.caseNumber, 1, R"({"status": "ARCHIVED"})");
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().fieldErrors.at("status"), "Must be one of the listed options.");
  EXPECT_EQ(stored(EntityKind::Case, created.caseNumber)->status, "OPEN");
}

TEST_F(FormSave, ChangingTheTitleRenamesTheCase) {
  const auto created = complaint();
  const auto saved =
      update(jo, EntityKind::Case, created.caseNumber, 1, R"({"title": "Barking dog"})");
  ASSERT_TRUE(saved.ok()) << saved.error().message;
  EXPECT_EQ(saved->record.displayName, "Barking dog");
  EXPECT_EQ(stored(EntityKind::Case, created.caseNumber)->displayName, "Barking dog");
}

TEST_F(FormSave, SavingUnchangedValuesWritesNothing) {
  const auto created = complaint();
  const auto saved = update(ann, EntityKind::Case, created.caseNumber, 1,
                            R"({"title": "Noise at night", "receivedOn": "2026-03-13",
                                "urgent": false, "status": "OPEN"})");
  ASSERT_TRUE(saved.ok()) << saved.error().message;
  EXPECT_FALSE(saved->changed);
  EXPECT_EQ(saved->record.rowVersion, 1);
  const auto found = stored(EntityKind::Case, created.caseNumber);
  EXPECT_EQ(found->rowVersion, 1);
  EXPECT_EQ(found->modifiedByName, "Jo Smith");
  EXPECT_EQ(history(created).total, 1);
  EXPECT_EQ(count("change_log"), 1);
}

TEST_F(FormSave, AnUpdateMustSayWhichVersionItWasLoadedAt) {
  const auto created = complaint();
  const auto refused =
      update(jo, EntityKind::Case, created.caseNumber, std::nullopt, R"({"notes": "x"})");
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().kind, ErrorKind::BadRequest);
  EXPECT_EQ(refused.error().code, "api.missing_version");
}

TEST_F(FormSave, AStaleSaveIsRefusedNamingWhoChangedTheRecordAndLosesNothing) {
  const auto created = complaint();
  ASSERT_TRUE(update(ann, EntityKind::Case, created.caseNumber, 1, R"({"notes": "Ann's note"})",
                     "2026-03-14T10:00:00Z")
                  .ok());

  const auto refused = update(jo, EntityKind::Case, created.caseNumber, 1,
                              R"({"notes": "Jo's note"})", "2026-03-14T10:05:00Z");
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().kind, ErrorKind::Conflict);
  EXPECT_EQ(refused.error().code, "records.changed");
  EXPECT_EQ(refused.error().message,
            "This Complaint was changed by Ann Khan at 2026-03-14T10:00:00.000Z after you opened "
            "it. Reload it to see their changes.");
  EXPECT_EQ(refused.error().details.at("changedBy"), ErrorDetail{"Ann Khan"});
  EXPECT_EQ(refused.error().details.at("changedAt"), ErrorDetail{"2026-03-14T10:00:00.000Z"});
  EXPECT_EQ(refused.error().details.at("rowVersion"), ErrorDetail{std::int64_t{2}});

  const auto found = stored(EntityKind::Case, created.caseNumber);
  EXPECT_EQ(found->values.at("notes"), "Ann's note");
  EXPECT_EQ(found->rowVersion, 2);
  EXPECT_EQ(history(created).total, 2);
}

TEST_F(FormSave, AStaleSaveWithNoChangesIsStillStale) {
  const auto created = complaint();
  ASSERT_TRUE(
      update(ann, EntityKind::Case, created.caseNumber, 1, R"({"notes": "Ann's note"})").ok());
  const auto refused =
      update(jo, EntityKind::Case, created.caseNumber, 1, R"({"notes": "Ann's note"})");
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().kind, ErrorKind::Conflict);
  EXPECT_EQ(refused.error().details.at("changedBy"), ErrorDetail{"Ann Khan"});
}

TEST_F(FormSave, ChangingNeedsTheRightToModify) {
  const auto created = complaint();
  const auto refused =
      update(visitor, EntityKind::Case, created.caseNumber, 1, R"({"notes": "mine"})");
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().kind, ErrorKind::Forbidden);
  EXPECT_EQ(refused.error().code, "records.modify_denied");
  EXPECT_EQ(refused.error().message, "You are not allowed to change this Complaint.");
  EXPECT_FALSE(stored(EntityKind::Case, created.caseNumber)->values.contains("notes"));
}

TEST_F(FormSave, ARecordThatDoesNotExistIsNotFound) {
  const auto noCase = update(jo, EntityKind::Case, "CMP-2026-00099", 1, R"({"notes": "x"})");
  ASSERT_FALSE(noCase.ok());
  EXPECT_EQ(noCase.error().kind, ErrorKind::NotFound);
  EXPECT_EQ(noCase.error().code, "records.not_found");
  EXPECT_EQ(noCase.error().message, "There is no case CMP-2026-00099.");

  const auto noPerson = update(jo, EntityKind::Person, "999", 1, R"({"surname": "x"})");
  ASSERT_FALSE(noPerson.ok());
  EXPECT_EQ(noPerson.error().kind, ErrorKind::NotFound);
  EXPECT_EQ(noPerson.error().message, "There is no person 999.");
}

TEST_F(FormSave, ARecordTheUserMayNotSeeIsAnsweredAsIfItDidNotExist) {
  const auto secret = create(ivy, EntityKind::Case, "INV", R"({"title": "Fraud"})");
  ASSERT_TRUE(secret.ok()) << secret.error().message;
  EXPECT_EQ(secret->record.caseNumber, "INV-2026-0001");

  const auto refused =
      update(jo, EntityKind::Case, secret->record.caseNumber, 1, R"({"title": "Seen"})");
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().kind, ErrorKind::NotFound);
  EXPECT_EQ(refused.error().code, "records.not_found");
  EXPECT_EQ(refused.error().message, "There is no case INV-2026-0001.");
  EXPECT_EQ(stored(EntityKind::Case, "INV-2026-0001")->values.at("title"), "Fraud");
}

// Links -----------------------------------------------------------------------------------------

TEST_F(FormSave, ALinkToAPersonIsStoredById) {
  const auto margaret = person();
  const auto values = json::serialize(json::object{
      {"title", "Noise"},
      {"receivedOn", "2026-03-13"},
      {"complainant", json::object{{"id", margaret.id}, {"display", "Margaret Okafor"}}}});
  const auto saved = create(jo, EntityKind::Case, "COMP", values.c_str());
  ASSERT_TRUE(saved.ok()) << saved.error().message;
  EXPECT_TRUE(saved->warnings.empty());
  EXPECT_EQ(stored(EntityKind::Case, saved->record.caseNumber)->values.at("complainant"),
            json::value(json::object{{"id", margaret.id}}));
}

TEST_F(FormSave, ALinkToAPersonWhoDoesNotExistIsDroppedWithAWarning) {
  const auto saved = create(jo, EntityKind::Case, "COMP",
                            R"({"title": "Noise", "receivedOn": "2026-03-13",
                                "complainant": {"id": 999}})");
  ASSERT_TRUE(saved.ok()) << saved.error().message;
  EXPECT_EQ(saved->warnings, std::vector<std::string>{"Complainant: there is no person 999 that "
                                                      "you can see, so it was not linked."});
  const auto found = stored(EntityKind::Case, saved->record.caseNumber);
  ASSERT_TRUE(found.has_value()) << "the rest is saved";
  EXPECT_FALSE(found->values.contains("complainant"));
  EXPECT_EQ(found->values.at("title"), "Noise");
}

TEST_F(FormSave, ALinkToACaseTheUserMayNotSeeIsDroppedWithAWarning) {
  const auto secret = create(ivy, EntityKind::Case, "INV", R"({"title": "Fraud"})");
  ASSERT_TRUE(secret.ok());
  const auto saved = create(jo, EntityKind::Case, "COMP",
                            R"({"title": "Noise", "receivedOn": "2026-03-13",
                                "related": "INV-2026-0001"})");
  ASSERT_TRUE(saved.ok()) << saved.error().message;
  EXPECT_EQ(saved->warnings,
            std::vector<std::string>{
                "Related case: there is no case INV-2026-0001 that you can see, so it was not "
                "linked."});
  EXPECT_FALSE(stored(EntityKind::Case, saved->record.caseNumber)->values.contains("related"));
}

TEST_F(FormSave, ALinkToACaseIsStoredByItsCaseNumberAsStored) {
  const auto first = complaint();
  const auto saved = create(jo, EntityKind::Case, "COMP",
                            R"({"title": "Noise again", "receivedOn": "2026-03-13",
                                "related": "cmp-2026-00001"})");
  ASSERT_TRUE(saved.ok()) << saved.error().message;
  EXPECT_TRUE(saved->warnings.empty());
  EXPECT_EQ(stored(EntityKind::Case, saved->record.caseNumber)->values.at("related"),
            json::value(json::object{{"id", first.caseNumber}}));
}

// Obsolete and reinstate ------------------------------------------------------------------------

TEST_F(FormSave, MakingAPersonObsoleteNeedsTheRightToDelete) {
  const auto margaret = person();
  const auto refused = setPersonObsolete(test.environment(), jo, margaret.identifier(), true,
                                         at("2026-03-15T09:00:00Z"));
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().kind, ErrorKind::Forbidden);
  EXPECT_EQ(refused.error().code, "records.delete_denied");
  EXPECT_EQ(refused.error().message, "You are not allowed to make this Individual obsolete.");
  EXPECT_FALSE(stored(EntityKind::Person, margaret.identifier())->obsolete);

  const auto reinstate = setPersonObsolete(test.environment(), jo, margaret.identifier(), false,
                                           at("2026-03-15T09:00:00Z"));
  ASSERT_FALSE(reinstate.ok());
  EXPECT_EQ(reinstate.error().message, "You are not allowed to reinstate this Individual.");
}

TEST_F(FormSave, MakingAPersonObsoleteIsNeverAConflictWhileOthersSaveThePerson) {
  const auto margaret = person();
  std::atomic<bool> done{false};
  std::atomic<int> saves{0};
  std::thread saver([&] {
    for (int i = 0; !done; ++i) {
      // Each save carries the version it last read, as a form does.
      const auto version = stored(EntityKind::Person, margaret.identifier())->rowVersion;
      saves += update(jo, EntityKind::Person, margaret.identifier(), version,
                      i % 2 == 0 ? R"({"firstName": "Margaret", "surname": "Okafor"})"
                                 : R"({"firstName": "Maggie", "surname": "Okafor"})")
                   .ok();
    }
  });
  int conflicts = 0;
  // Until the saves have had their chance to land in between, however the threads are scheduled.
  for (int i = 0; i < 200 || (saves < 20 && i < 20000); ++i) {
    const auto changed = setPersonObsolete(test.environment(), admin, margaret.identifier(),
                                           i % 2 == 0, at("2026-03-15T09:00:00Z"));
    conflicts += !changed.ok() && changed.error().code == "records.changed" ? 1 : 0;
  }
  done = true;
  saver.join();
  EXPECT_GT(saves, 0);
  EXPECT_EQ(conflicts, 0);
}

TEST_F(FormSave, MakingAPersonObsoleteRecordsTheActivity) {
  const auto margaret = person();
  const auto done = setPersonObsolete(test.environment(), admin, margaret.identifier(), true,
                                      at("2026-03-15T09:00:00Z"));
  ASSERT_TRUE(done.ok()) << done.error().message;
  EXPECT_TRUE(done->obsolete);
  EXPECT_EQ(done->rowVersion, 2);
  EXPECT_EQ(done->modifiedByName, "Administrator");
  EXPECT_TRUE(stored(EntityKind::Person, margaret.identifier())->obsolete);

  const auto trail = history(margaret);
  ASSERT_EQ(trail.total, 2);
  const auto& entry = trail.entries[0];
  EXPECT_EQ(entry.action, "obsolete");
  EXPECT_EQ(entry.username, "admin");
  EXPECT_EQ(entry.changes, json::array());
  EXPECT_EQ(entry.activity, json::value(json::object{{"formId", "individual"},
                                                     {"entityIdentifier", margaret.identifier()},
                                                     {"activeState", "deactivated"}}));
  EXPECT_EQ(count("change_log"), 2);
}

TEST_F(FormSave, ReinstatingAPersonRecordsTheActivity) {
  const auto margaret = person();
  ASSERT_TRUE(setPersonObsolete(test.environment(), admin, margaret.identifier(), true,
                                at("2026-03-15T09:00:00Z"))
                  .ok());
  const auto done = setPersonObsolete(test.environment(), admin, margaret.identifier(), false,
                                      at("2026-03-15T10:00:00Z"));
  ASSERT_TRUE(done.ok()) << done.error().message;
  EXPECT_FALSE(done->obsolete);
  EXPECT_EQ(done->rowVersion, 3);
  EXPECT_FALSE(stored(EntityKind::Person, margaret.identifier())->obsolete);
  const auto trail = history(margaret);
  const auto& entry = trail.entries[0];
  EXPECT_EQ(entry.action, "reinstate");
  EXPECT_EQ(entry.activity.at("activeState"), "reactivated");
  EXPECT_EQ(entry.activity.at("formId"), "individual");
  EXPECT_EQ(entry.activity.at("entityIdentifier"), json::value(margaret.identifier()));
}

TEST_F(FormSave, APersonAlreadyInThatStateIsAConflict) {
  const auto margaret = person();
  const auto active = setPersonObsolete(test.environment(), admin, margaret.identifier(), false,
                                        at("2026-03-15T09:00:00Z"));
  ASSERT_FALSE(active.ok());
  EXPECT_EQ(active.error().kind, ErrorKind::Conflict);
  EXPECT_EQ(active.error().code, "forms.already_active");
  EXPECT_EQ(active.error().message, "This Individual is already active.");

  ASSERT_TRUE(setPersonObsolete(test.environment(), admin, margaret.identifier(), true,
                                at("2026-03-15T09:00:00Z"))
                  .ok());
  const auto again = setPersonObsolete(test.environment(), admin, margaret.identifier(), true,
                                       at("2026-03-15T10:00:00Z"));
  ASSERT_FALSE(again.ok());
  EXPECT_EQ(again.error().kind, ErrorKind::Conflict);
  EXPECT_EQ(again.error().code, "forms.already_obsolete");
  EXPECT_EQ(again.error().message, "This Individual is already obsolete.");
  EXPECT_EQ(history(margaret).total, 2) << "created and made obsolete once";
}

TEST_F(FormSave, MakingAnUnknownPersonObsoleteIsNotFound) {
  const auto refused =
      setPersonObsolete(test.environment(), admin, "999", true, at("2026-03-15T09:00:00Z"));
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().kind, ErrorKind::NotFound);
  EXPECT_EQ(refused.error().message, "There is no person 999.");
}

}  // namespace
}  // namespace dossier::forms
