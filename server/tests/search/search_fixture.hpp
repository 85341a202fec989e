#pragma once

// An environment with a real search index (Xapian, in the test's folder) over complaints everyone
// may see, investigations only investigators see, and individuals; documents are kept. Records are
// saved through the one write path of forms and the index is brought up to date before a search.

#include <stdexcept>
#include <string>
#include <vector>

#include <boost/json/object.hpp>
#include <gtest/gtest.h>

#include "api/session.hpp"
#include "environments/environment.hpp"
#include "forms/form_save.hpp"
#include "index/search_index.hpp"
#include "search/search_service.hpp"
#include "support/catalog_files.hpp"
#include "support/sessions.hpp"
#include "support/test_environment.hpp"

namespace dossier::search::testing {

inline const char* const kSearchGroups = R"yaml(groups:
  - {name: caseworkers, members: [jsmith]}
  - {name: investigators, members: [ivy]}
)yaml";

inline const char* const kSearchComplaint = R"yaml(kind: case
ref: COMP
name: Complaint
numbering: {prefix: CMP, width: 5}
statuses: [{value: OPEN, name: Open}, {value: CLOSED, name: Closed, active: false}]
displayName: "{title}"
access: {view: [everyone], create: [caseworkers], modify: [caseworkers]}
fields:
  - {id: title, type: text, label: Title, mandatory: true, search: true, searchResult: true}
form:
  id: complaint
  layout: [{field: title}, {field: status}]
)yaml";

inline const char* const kSearchInvestigation = R"yaml(kind: case
ref: INV
name: Investigation
numbering: {prefix: INV, width: 4}
statuses: [{value: ACTIVE, name: Active}]
displayName: "{title}"
access: {view: [investigators], create: [investigators], modify: [investigators]}
fields:
  - {id: title, type: text, label: Title, mandatory: true, search: true, searchResult: true}
form:
  id: investigation
  layout: [{field: title}, {field: status}]
)yaml";

inline const char* const kSearchIndividual = R"yaml(kind: person
ref: IND
name: Individual
displayName: "{firstName} {surname}"
access: {view: [everyone], create: [caseworkers], modify: [caseworkers]}
fields:
  - {id: firstName, type: text, label: First name, mandatory: true, search: true, searchResult: true}
  - {id: surname, type: text, label: Surname, mandatory: true, search: true, searchResult: true}
form:
  id: individual
  layout: [{field: firstName}, {field: surname}]
)yaml";

inline const char* const kSearchDocuments = R"yaml(folders: [{value: letters, text: Letters}]
securityGroups:
  - {value: standard, text: Standard, view: [everyone]}
)yaml";

class SearchFixture : public ::testing::Test {
 protected:
  dossier::testing::TempFolder configFolder;
  dossier::testing::TestEnvironment test{dossier::testing::configWithCatalog(
      configFolder, {{"groups.yaml", kSearchGroups},
                     {"documents.yaml", kSearchDocuments},
                     {"types/complaint.yaml", kSearchComplaint},
                     {"types/investigation.yaml", kSearchInvestigation},
                     {"types/individual.yaml", kSearchIndividual}})};
  // Jo is a caseworker, Ivy an investigator; a visitor is in no group.
  const api::Session jo = dossier::testing::sessionFor(1, "jsmith");
  const api::Session ivy = dossier::testing::sessionFor(2, "ivy");
  const api::Session visitor = dossier::testing::sessionFor(3, "visitor");

  environments::Environment& environment() { return test.environment(); }

  // The server attaches the index at start; a search before that is told to wait. Records are
  // saved before it is attached (a save waits for an attached index's own thread, not started
  // here), and each search first applies what was saved.
  void attachIndex() {
    auto index = environment().openIndex();
    if (!index) {
      throw std::runtime_error(index.error().message);
    }
    environment().attachIndex(std::move(index).value());
  }

  records::Record save(const api::Session& who, types::EntityKind kind, const char* type,
                       boost::json::object values) {
    forms::SaveRequest request;
    request.kind = kind;
    request.typeRef = type;
    request.values = std::move(values);
    auto saved = forms::saveForm(environment(), who, request, Clock::now());
    if (!saved) {
      throw std::runtime_error(saved.error().message);
    }
    return saved->record;
  }
  records::Record complaint(const char* title, const char* status = "OPEN") {
    return save(jo, types::EntityKind::Case, "COMP", {{"title", title}, {"status", status}});
  }
  records::Record investigation(const char* title) {
    return save(ivy, types::EntityKind::Case, "INV", {{"title", title}});
  }
  records::Record individual(const char* first, const char* last) {
    return save(jo, types::EntityKind::Person, "IND", {{"firstName", first}, {"surname", last}});
  }

  Result<SearchAnswer> search(const api::Session& who, const char* text,
                              std::vector<EntityChoice> entities = {},
                              StatusFilter status = StatusFilter::Active, int page = 1,
                              int pageSize = 0) {
    if (auto* index = environment().index()) {
      if (auto caught = index->catchUp(); !caught) {
        throw std::runtime_error(caught.error().message);
      }
    }
    SearchBody body;
    body.searchString = text;
    body.entities = std::move(entities);
    body.status = status;
    body.page = page;
    body.pageSize = pageSize;
    return runSearch(environment(), who, body);
  }

  // The identifiers found, in order.
  static std::vector<std::string> found(const Result<SearchAnswer>& answer) {
    EXPECT_TRUE(answer) << (answer ? "" : answer.error().message);
    std::vector<std::string> out;
    if (answer) {
      for (const auto& hit : answer->found.hits) {
        out.push_back(hit.identifier);
      }
    }
    return out;
  }
};

using Found = std::vector<std::string>;

}  // namespace dossier::search::testing
