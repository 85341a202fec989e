#pragma once

// A test environment of cases and persons for the features that show or link them (history, home,
// preview, roles, notifications, the change feed): a real SQLite file, complaints everyone sees,
// investigations and informants only investigators and managers see, individuals, roles (one of
// them single-owner, one on persons), documents in two security groups and an action type. Records
// are saved through the one write path of forms.

#include <stdexcept>
#include <string>

#include <boost/json/object.hpp>
#include <gtest/gtest.h>

#include "api/session.hpp"
#include "auth/users.hpp"
#include "db/connection.hpp"
#include "db/pool.hpp"
#include "forms/form_save.hpp"
#include "records/records.hpp"
#include "records/role_links.hpp"
#include "support/catalog_files.hpp"
#include "support/sessions.hpp"
#include "support/test_environment.hpp"

namespace dossier::testing {

inline const char* const kRecordsGroups = R"yaml(groups:
  - {name: caseworkers, members: [jsmith, akhan]}
  - {name: investigators, members: [ivy]}
  - {name: managers, members: [meg]}
)yaml";

inline const char* const kRecordsComplaint = R"yaml(kind: case
ref: COMP
name: Complaint
numbering: {prefix: CMP, width: 5}
statuses: [{value: OPEN, name: Open}, {value: CLOSED, name: Closed, active: false}]
displayName: "{title}"
access: {view: [everyone], create: [caseworkers, managers], modify: [caseworkers, managers], delete: [managers]}
fields:
  - {id: title, type: text, label: Title, mandatory: true, preview: true}
  - {id: receivedOn, type: date, label: Received on, preview: true}
  - {id: channel, type: choice, label: Received by, preview: true, options: [{value: phone, text: Phone}, {value: letter, text: Letter}]}
  - {id: urgent, type: yesno, label: Urgent, default: false, preview: true}
  - {id: complainant, type: person, label: Complainant, role: COMPLAINANT, preview: true}
  - {id: relatedCase, type: case, label: Related case, role: RELATED}
  - {id: location, type: address, label: Location, preview: true}
  - {id: notes, type: multiline, label: Notes}
form:
  id: complaint
  layout:
    - field: title
    - field: status
    - field: receivedOn
    - field: channel
    - field: urgent
    - field: complainant
    - field: relatedCase
    - field: location
    - field: notes
    - {type: Roles, id: complaint-witnesses, role: WITNESS}
)yaml";

inline const char* const kRecordsInvestigation = R"yaml(kind: case
ref: INV
name: Investigation
numbering: {prefix: INV, width: 4}
statuses: [{value: ACTIVE, name: Active}]
displayName: "{title}"
access: {view: [investigators, managers], create: [investigators, managers], modify: [investigators, managers]}
fields:
  - {id: title, type: text, label: Title, mandatory: true, preview: true}
  - {id: subject, type: person, label: Subject, role: SUBJECT}
form:
  id: investigation
  layout:
    - field: title
    - field: status
    - field: subject
    - {type: Roles, id: investigation-complaints, role: INVESTIGATED}
)yaml";

inline const char* const kRecordsIndividual = R"yaml(kind: person
ref: IND
name: Individual
displayName: "{firstName} {surname}"
access: {view: [everyone], create: [caseworkers, managers], modify: [caseworkers, managers], delete: [managers]}
fields:
  - {id: firstName, type: text, label: First name, mandatory: true, preview: true}
  - {id: surname, type: text, label: Surname, mandatory: true, preview: true}
  - {id: dateOfBirth, type: date, label: Date of birth, preview: true}
form:
  id: individual
  layout: [{field: firstName}, {field: surname}, {field: dateOfBirth}]
)yaml";

inline const char* const kRecordsInformant = R"yaml(kind: person
ref: INF
name: Informant
displayName: "{codeName}"
access: {view: [investigators, managers], create: [investigators, managers], modify: [investigators, managers]}
fields:
  - {id: codeName, type: text, label: Code name, mandatory: true, preview: true}
form:
  id: informant
  layout: [{field: codeName}]
)yaml";

inline const char* const kRecordsRoles = R"yaml(roles:
  - {code: COMPLAINANT, name: Complainant, heldIn: Complainant in, on: [COMP], holders: any_person}
  - {code: RELATED, name: Related case, heldIn: Related to, on: [COMP], holders: any_case}
  - {code: SUBJECT, name: Subject, heldIn: Subject of, on: [INV], holders: any_person}
  - {code: WITNESS, name: Witness, heldIn: Witness in, on: [COMP, INV], holders: [IND]}
  - {code: CONTACT, name: Contact, heldIn: Contact for, on: [COMP], holders: any_person}
  - {code: INVESTIGATED, name: Complaint investigated, heldIn: Investigated in, on: [INV], holders: [COMP], singleOwner: true}
  - {code: RELATIVE, name: Relative, heldIn: Relative of, on: [IND], holders: [IND]}
)yaml";

inline const char* const kRecordsDocuments = R"yaml(folders: [{value: letters, text: Letters}]
securityGroups:
  - {value: standard, text: Standard, view: [everyone]}
  - {value: restricted, text: Restricted, view: [investigators]}
)yaml";

// A call on either kind of case, a visit only on an investigation: so that the records a case holds
// (child_record_fixture.hpp) are tested against an action type a case has and one it has not.
inline const char* const kRecordsActions = R"yaml(actionTypes:
  - code: CALL
    name: Phone call
    on: [COMP, INV]
    fields:
      - {id: direction, type: choice, label: Direction, mandatory: true, options: [{value: in, text: Called us}, {value: out, text: We called}]}
  - code: VISIT
    name: Site visit
    on: [INV]
)yaml";

inline TimePoint at(const char* iso) {
  return *parseIsoTime(iso);
}

class RecordsFixture : public ::testing::Test {
 protected:
  TempFolder configFolder;
  TestEnvironment test{
      configWithCatalog(configFolder, {{"groups.yaml", kRecordsGroups},
                                       {"documents.yaml", kRecordsDocuments},
                                       {"actions.yaml", kRecordsActions},
                                       {"roles.yaml", kRecordsRoles},
                                       {"types/complaint.yaml", kRecordsComplaint},
                                       {"types/investigation.yaml", kRecordsInvestigation},
                                       {"types/individual.yaml", kRecordsIndividual},
                                       {"types/informant.yaml", kRecordsInformant}})};
  // Jo and Ann are caseworkers; Ivy an investigator; Meg a manager, who may do anything; a visitor
  // is in no group and only sees what everyone sees. Each is a user of the environment (their ids
  // are the users' ids).
  const api::Session jo = sessionFor(1, "jsmith", "Jo Smith");
  const api::Session ann = sessionFor(2, "akhan", "Ann Khan");
  const api::Session ivy = sessionFor(3, "ivy", "Ivy Investigator");
  const api::Session meg = sessionFor(4, "meg", "Meg Manager");
  const api::Session visitor = sessionFor(5, "visitor", "A Visitor");

  void SetUp() override {
    auto db = test.db().acquire();
    for (const auto* each : {&jo, &ann, &ivy, &meg, &visitor}) {
      auto user = auth::createUser(*db, {each->username, each->displayName, "", false});
      ASSERT_TRUE(user.ok() && user->id == each->userId);
    }
  }

  environments::Environment& environment() { return test.environment(); }
  const types::Catalog& catalog() { return test.environment().catalog(); }
  db::Pool::Lease db() { return test.db().acquire(); }

  records::Record save(const api::Session& who, types::EntityKind kind, const char* type,
                       boost::json::object values, const char* when = "2026-03-14T09:00:00Z") {
    forms::SaveRequest request;
    request.kind = kind;
    request.typeRef = type;
    request.values = std::move(values);
    return saved(forms::saveForm(test.environment(), who, request, at(when)));
  }

  // A whole form saved again with these values changed.
  records::Record change(const api::Session& who, const records::Record& record,
                         const boost::json::object& changes,
                         const char* when = "2026-03-14T10:00:00Z") {
    forms::SaveRequest request;
    request.kind = record.kind;
    request.identifier = record.identifier();
    auto current = records::findRecord(*db(), record.kind, record.identifier());
    request.rowVersion = current->rowVersion;
    request.values = current->values;
    if (record.kind == types::EntityKind::Case) {
      request.values["status"] = current->status;
    }
    for (const auto& [key, value] : changes) {
      request.values[key] = value;
    }
    return saved(forms::saveForm(test.environment(), who, request, at(when)));
  }

  records::Record complaint(const char* title = "Noise at night", boost::json::object more = {}) {
    more["title"] = title;
    return save(jo, types::EntityKind::Case, "COMP", std::move(more));
  }
  records::Record investigation(const char* title = "Quiet enquiry") {
    return save(ivy, types::EntityKind::Case, "INV", {{"title", title}});
  }
  records::Record individual(const char* first = "Margaret", const char* last = "Okafor") {
    return save(jo, types::EntityKind::Person, "IND", {{"firstName", first}, {"surname", last}});
  }
  records::Record informant(const char* codeName = "Kestrel") {
    return save(ivy, types::EntityKind::Person, "INF", {{"codeName", codeName}});
  }

  // The holder holds the role on the parent from now on, as a lookup in a Roles view adds it.
  records::RoleLink link(const char* role, const records::Record& parent,
                         const records::Record& holder, const api::Session& who) {
    records::RoleLink added;
    added.roleCode = role;
    added.parentKind = parent.kind;
    added.parentId = parent.id;
    added.holderKind = holder.kind;
    added.holderId = holder.id;
    auto lease = db();
    db::Transaction transaction(*lease);
    if (!records::addLink(*lease, added, api::actorOf(who), at("2026-03-14T11:00:00Z"))) {
      throw std::runtime_error(std::string("the link of ") + role + " is there already");
    }
    transaction.commit();
    return added;
  }

 private:
  static records::Record saved(Result<forms::SaveOutcome> outcome) {
    if (!outcome) {
      throw std::runtime_error(outcome.error().code + ": " + outcome.error().message);
    }
    if (!outcome->warnings.empty()) {
      throw std::runtime_error("saved with a warning: " + outcome->warnings.front());
    }
    return outcome->record;
  }
};

}  // namespace dossier::testing
