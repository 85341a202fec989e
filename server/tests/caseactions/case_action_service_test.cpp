#include "caseactions/case_action_service.hpp"

#include <boost/json/parse.hpp>
#include <gtest/gtest.h>

#include "support/child_record_fixture.hpp"

namespace dossier::caseactions {
namespace {

namespace json = boost::json;
using testing::at;
using types::EntityKind;

json::object call(const char* changes = "{}") {
  auto values = json::parse(R"({"subject": "Rang the complainant",
                                "actionAt": "2026-03-15T09:30:00.000Z", "done": true,
                                "notes": "", "direction": "out"})")
                    .as_object();
  const auto changed = json::parse(changes);
  for (const auto& [key, value] : changed.as_object()) {
    values[key] = value;
  }
  return values;
}

class CaseActions : public testing::ChildRecords {
 protected:
  Result<api::SavedChild<records::CaseAction>> save(const api::Session& who, ActionDraft draft,
                                                    const char* when = "2026-03-15T10:00:00Z") {
    return saveAction(environment(), who, draft, at(when));
  }

  std::string newCall(const std::string& caseNumber) {
    auto saved = save(jo, {.caseNumber = caseNumber, .typeCode = "call", .values = call()});
    if (!saved) {
      throw std::runtime_error(saved.error().message);
    }
    return saved->child.guid;
  }
};

TEST_F(CaseActions, AnActionTypeIsFoundByItsCodeWhateverItsCaseAndOnlyOnTheCasesThatHaveIt) {
  const auto& catalog = environment().catalog();
  ASSERT_NE(actionType(catalog, "call"), nullptr);
  EXPECT_EQ(actionType(catalog, "Call")->name, "Phone call");
  EXPECT_EQ(actionType(catalog, "LETTER"), nullptr);
  const auto complaint = complaintNumber();
  const auto opened = newAction(environment(), jo, complaint, "call", at("2026-03-15T08:00:00Z"));
  ASSERT_TRUE(opened);
  EXPECT_TRUE(opened->isNew);
  EXPECT_EQ(opened->action.actionAt(), "2026-03-15T08:00:00.000Z") << "When is now";
  EXPECT_FALSE(opened->action.done());
  const auto visit = save(jo, {.caseNumber = complaint, .typeCode = "VISIT", .values = call()});
  ASSERT_FALSE(visit);
  EXPECT_EQ(visit.error().message, "A Complaint has no action 'VISIT'.");
}

TEST_F(CaseActions, ItsValuesAreCheckedLikeAFormsAndARefusedOneWritesNothing) {
  const auto complaint = complaintNumber();
  const auto refused = save(jo, {.caseNumber = complaint,
                                 .typeCode = "CALL",
                                 .values = call(R"({"subject": "", "direction": "sideways"})")});
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, "types.form_invalid");
  EXPECT_EQ(refused.error().message, "Some fields need attention: Subject, Direction.");
  EXPECT_EQ(refused.error().fieldErrors.at("subject"), "Required");
  EXPECT_EQ(count("case_actions"), 0);
}

TEST_F(CaseActions, AChangeIsToldFieldByFieldAndASaveThatChangesNothingWritesNothing) {
  const auto complaint = complaintNumber();
  const auto guid = newCall(complaint);
  const auto trail = history(EntityKind::Case, complaint).total;
  auto same = save(ann, {.caseNumber = complaint, .guid = guid, .values = call(), .rowVersion = 1});
  ASSERT_TRUE(same) << same.error().message;
  EXPECT_FALSE(same->changed);
  EXPECT_EQ(same->child.rowVersion, 1);
  EXPECT_EQ(history(EntityKind::Case, complaint).total, trail);

  auto changed = save(ann,
                      {.caseNumber = complaint,
                       .guid = guid,
                       .values = call(R"({"done": false, "notes": "No answer"})"),
                       .rowVersion = 1},
                      "2026-03-16T10:00:00Z");
  ASSERT_TRUE(changed) << changed.error().message;
  EXPECT_TRUE(changed->changed);
  EXPECT_EQ(changed->child.rowVersion, 2);
  const auto entry = history(EntityKind::Case, complaint).entries.front();
  EXPECT_EQ(entry.action, "caseaction.changed");
  std::vector<std::string> fields;
  for (const auto& change : entry.changes.as_array()) {
    fields.emplace_back(change.at("field").as_string());
  }
  EXPECT_EQ(fields, (std::vector<std::string>{"done", "notes"}));

  const auto stale =
      save(jo, {.caseNumber = complaint, .guid = guid, .values = call(), .rowVersion = 1});
  ASSERT_FALSE(stale);
  EXPECT_EQ(stale.error().code, "records.changed");
  EXPECT_EQ(stale.error().message,
            "This action was changed by Ann Khan at 2026-03-16T10:00:00.000Z after you opened "
            "it. Reload it to see their changes.");
  EXPECT_EQ(std::get<std::int64_t>(stale.error().details.at("rowVersion")), 2);
  const auto noVersion = save(jo, {.caseNumber = complaint, .guid = guid, .values = call()});
  ASSERT_FALSE(noVersion);
  EXPECT_EQ(noVersion.error().code, "api.missing_version");
}

TEST_F(CaseActions, OnlyThoseWhoMayChangeTheCaseRecordActionsAndAnotherCasesActionIsNotThere) {
  const auto complaint = complaintNumber();
  const auto other = complaintNumber("Other");
  const auto denied =
      save(visitor, {.caseNumber = complaint, .typeCode = "CALL", .values = call()});
  ASSERT_FALSE(denied);
  EXPECT_EQ(denied.error().code, "caseactions.modify_denied");
  const auto guid = newCall(complaint);
  const auto elsewhere =
      save(jo, {.caseNumber = other, .guid = guid, .values = call(), .rowVersion = 1});
  ASSERT_FALSE(elsewhere);
  EXPECT_EQ(elsewhere.error().message, "This action is not there any more.");
  const auto hidden = investigationNumber();
  const auto ofHidden = actionsOfCase(environment(), jo, hidden);
  ASSERT_FALSE(ofHidden);
  EXPECT_EQ(ofHidden.error().code, "records.not_found");
}

TEST_F(CaseActions, AnActionConcernsOtherCasesOnceAndNeverItsOwn) {
  const auto first = complaintNumber();
  const auto second = complaintNumber("Second");
  const auto guid = newCall(first);
  const auto when = at("2026-03-15T11:00:00Z");
  ASSERT_TRUE(relateCase(environment(), jo, first, guid, second, false, when));
  const auto twice = relateCase(environment(), jo, first, guid, second, false, when);
  ASSERT_FALSE(twice);
  EXPECT_EQ(twice.error().message, "This action concerns " + second + " already.");
  const auto own = relateCase(environment(), jo, first, guid, first, false, when);
  ASSERT_FALSE(own);
  EXPECT_EQ(own.error().code, "caseactions.own_case");
  const auto listed = actionsOfCase(environment(), ann, second);
  ASSERT_TRUE(listed);
  EXPECT_TRUE(listed->items.empty());
  ASSERT_EQ(listed->concerning.size(), 1U);
  EXPECT_EQ(listed->concerning[0].ownerCaseNumber, first);
  const auto opened = openAction(environment(), ann, first, guid);
  ASSERT_TRUE(opened);
  ASSERT_EQ(opened->relatedCases.size(), 1U);
  EXPECT_EQ(opened->relatedCases[0]->record.caseNumber, second);

  ASSERT_TRUE(removeAction(environment(), jo, first, guid, when));
  EXPECT_TRUE(actionsOfCase(environment(), ann, second)->concerning.empty());
  EXPECT_EQ(history(EntityKind::Case, first).entries.front().action, "caseaction.removed");
}

}  // namespace
}  // namespace dossier::caseactions
