#pragma once

// A test environment for the records a case or person holds (alternate names, comments, cross
// references, case actions): a real SQLite file, complaints everyone sees, investigations only
// investigators see, individuals, and two action types.

#include <stdexcept>
#include <string>

#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>
#include <gtest/gtest.h>

#include "api/session.hpp"
#include "db/connection.hpp"
#include "db/pool.hpp"
#include "forms/form_save.hpp"
#include "records/audit.hpp"
#include "records/records.hpp"
#include "support/catalog_files.hpp"
#include "support/test_environment.hpp"

namespace dossier::testing {

inline const char* const kChildGroups = R"yaml(groups:
  - {name: caseworkers, members: [jsmith, akhan]}
  - {name: investigators, members: [ivy]}
)yaml";

inline const char* const kChildComplaint = R"yaml(kind: case
ref: COMP
name: Complaint
numbering: {prefix: CMP, width: 5}
statuses: [{value: OPEN, name: Open}]
displayName: "{title}"
access: {view: [everyone], create: [caseworkers], modify: [caseworkers]}
fields:
  - {id: title, type: text, label: Title, mandatory: true}
form:
  id: complaint
  layout: [{field: title}, {field: status}]
)yaml";

inline const char* const kChildInvestigation = R"yaml(kind: case
ref: INV
name: Investigation
numbering: {prefix: INV, width: 4}
statuses: [{value: ACTIVE, name: Active}]
displayName: "{title}"
access: {view: [investigators], create: [investigators], modify: [investigators]}
fields:
  - {id: title, type: text, label: Title, mandatory: true}
form:
  id: investigation
  layout: [{field: title}, {field: status}]
)yaml";

inline const char* const kChildIndividual = R"yaml(kind: person
ref: IND
name: Individual
displayName: "{firstName} {surname}"
access: {view: [everyone], create: [caseworkers], modify: [caseworkers], delete: [caseworkers]}
fields:
  - {id: firstName, type: text, label: First name, mandatory: true}
  - {id: surname, type: text, label: Surname, mandatory: true}
form:
  id: individual
  layout: [{field: firstName}, {field: surname}]
)yaml";

inline const char* const kChildActions = R"yaml(actionTypes:
  - code: CALL
    name: Phone call
    on: [COMP, INV]
    fields:
      - {id: direction, type: choice, label: Direction, mandatory: true, options: [{value: in, text: Called us}, {value: out, text: We called}]}
  - code: VISIT
    name: Site visit
    on: [INV]
)yaml";

inline api::Session childSession(std::int64_t userId, const char* username,
                                 const char* displayName) {
  api::Session session;
  session.sessionId = userId;
  session.userId = userId;
  session.username = username;
  session.displayName = displayName;
  return session;
}

inline TimePoint childTime(const char* iso) {
  return *parseIsoTime(iso);
}

class ChildRecords : public ::testing::Test {
 protected:
  TempFolder configFolder;
  TestEnvironment test{
      configWithCatalog(configFolder, {{"groups.yaml", kChildGroups},
                                       {"types/complaint.yaml", kChildComplaint},
                                       {"types/investigation.yaml", kChildInvestigation},
                                       {"types/individual.yaml", kChildIndividual},
                                       {"actions.yaml", kChildActions}})};
  // Jo and Ann change complaints and individuals; Ivy sees investigations only she may see;
  // a visitor only looks.
  const api::Session jo = childSession(1, "jsmith", "Jo Smith");
  const api::Session ann = childSession(2, "akhan", "Ann Khan");
  const api::Session ivy = childSession(3, "ivy", "Ivy Investigator");
  const api::Session visitor = childSession(4, "visitor", "A Visitor");

  environments::Environment& environment() { return test.environment(); }

  records::Record create(const api::Session& who, types::EntityKind kind, const char* type,
                         const boost::json::object& values) {
    forms::SaveRequest request;
    request.kind = kind;
    request.typeRef = type;
    request.values = values;
    auto created =
        forms::saveForm(test.environment(), who, request, childTime("2026-03-14T09:00:00Z"));
    if (!created) {
      throw std::runtime_error(created.error().message);
    }
    return created->record;
  }

  std::string complaint(const char* title = "Noise at night") {
    return create(jo, types::EntityKind::Case, "COMP", {{"title", title}}).caseNumber;
  }
  std::string investigation(const char* title = "Quiet enquiry") {
    return create(ivy, types::EntityKind::Case, "INV", {{"title", title}}).caseNumber;
  }
  records::Record person(const char* first = "Margaret", const char* last = "Okafor") {
    return create(jo, types::EntityKind::Person, "IND", {{"firstName", first}, {"surname", last}});
  }

  // A record's audit trail, newest first.
  records::HistoryPage history(types::EntityKind kind, const std::string& identifier) {
    auto db = test.db().acquire();
    const auto id = records::recordId(*db, kind, identifier);
    if (!id) {
      throw std::runtime_error("no record " + identifier);
    }
    return records::readHistory(*db, kind, *id, 1, 50);
  }

  std::int64_t count(const std::string& table) {
    auto db = test.db().acquire();
    auto row = db->query("SELECT COUNT(*) FROM " + table);
    row.step();
    return row.integer(0);
  }
};

}  // namespace dossier::testing
