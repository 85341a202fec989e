#include "types/type_loader.hpp"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <gtest/gtest.h>

#include "support/temp_folder.hpp"
#include "types/macro_bindings.hpp"
#include "types/role_definition.hpp"
#include "types/task_definitions.hpp"

namespace dossier::types {
namespace {

namespace json = boost::json;

const char* const kGroups = R"yaml(groups:
  - name: caseworkers
    description: Handle complaints
    members: [JSmith, akhan]
  - name: administrators
    members: [admin]
)yaml";

const char* const kComplaint = R"yaml(kind: case
ref: COMP
name: Complaint
description: A complaint about a nuisance
numbering: {prefix: CMP, width: 6}
statuses:
  - {value: OPEN, name: Open}
  - {value: REVIEW, name: Under review}
  - {value: CLOSED, name: Closed, active: false}
defaultStatus: REVIEW
displayName: "{title} ({caseNumber})"
access:
  view: [everyone]
  create: [caseworkers, administrators]
  modify: [caseworkers]
  delete: administrators
fields:
  - id: title
    type: text
    label: Title
    tooltip: What it is about
    mandatory: true
    maxLength: 200
    search: true
    searchWeight: 3
    searchResult: true
    preview: true
  - id: channel
    type: choice
    label: Received by
    default: letter
    options:
      - {value: phone, text: Phone}
      - {value: letter}
  - {id: letterReference, type: text, label: Letter reference, readOnly: true}
  - {id: cost, type: number, label: Cost, minimum: 0, maximum: 5000}
  - {id: urgent, type: yesno, label: Urgent, default: false}
  - {id: complainant, type: person, label: Complainant, role: COMPLAINANT}
  - {id: related, type: case, label: Related case, role: RELATED}
  - {id: notes, type: richtext, label: Notes}
form:
  id: complaint
  headerText: "{caseNumber} · {title}"
  layout:
    - type: HBox
      id: summary
      children:
        - type: VBox
          minWidth: 260
          maxWidth: 600
          children:
            - field: title
            - field: status
            - field: channel
            - field: letterReference
              visibleWhen: {"==": [{"var": "channel"}, "letter"]}
        - field: complainant
          hiddenOnSmallDevice: true
    - type: TabSet
      id: tabs
      children:
        - type: VBox
          id: tab-details
          label: Details
          children:
            - field: cost
            - field: urgent
            - field: related
        - type: VBox
          id: tab-notes
          label: Notes
          lateLoad: true
          scrollable: true
          minHeight: 240
          readOnly: true
          children:
            - field: notes
    - type: Section
      id: internal
      label: Internal
      indent: true
      collapsed: true
      hiddenOnMediumDevice: true
      children: []
)yaml";

const char* const kIndividual = R"yaml(kind: person
ref: IND
name: Individual
displayName: "{firstName} {surname}"
newCase: {caseType: COMP, role: COMPLAINANT}
access: {view: [everyone], create: [caseworkers], modify: [caseworkers], delete: [administrators]}
fields:
  - {id: firstName, type: text, label: First name, mandatory: true, maxLength: 100}
  - {id: surname, type: text, label: Surname, mandatory: true, maxLength: 100}
  - {id: status, type: text, label: Marital status}
  - {id: address, type: address, label: Address}
form:
  id: individual
  layout:
    - type: HBox
      children:
        - field: firstName
        - field: surname
    - field: status
    - field: address
)yaml";

// A small valid case type whose parts a test replaces to make one mistake.
struct CaseFile {
  std::string ref = "CASE";
  std::string formId = "case-form";
  std::string extra;
  std::string fields =
      "  - {id: title, type: text, label: Title, mandatory: true}\n"
      "  - {id: channel, type: choice, label: Channel, options: [{value: email}, {value: "
      "letter}]}\n"
      "  - {id: applicant, type: person, label: Applicant, role: APPLICANT}\n";
  std::string layout =
      "    - field: title\n"
      "    - field: channel\n"
      "    - field: applicant\n";

  std::string text() const {
    return "kind: case\nref: " + ref +
           "\nname: Case\nnumbering: {prefix: CAS}\nstatuses: [{value: OPEN}]\n"
           "access: {view: [everyone]}\n" +
           extra + "fields:\n" + fields + "form:\n  id: " + formId + "\n  layout:\n" + layout;
  }
};

class TypeLoader : public ::testing::Test {
 protected:
  testing::TempFolder root;
  ConfigErrors errors;

  Catalog load(const std::map<std::string, std::string>& files) {
    for (const auto& [name, content] : files) {
      root.write(name, content);
    }
    return loadCatalog(root.path(), errors);
  }

  std::string file(const std::string& name) const { return (root.path() / name).string(); }

  // The one issue reported at this path; fails the test unless there is exactly one.
  ConfigIssue issueAt(const std::string& path) const {
    std::vector<ConfigIssue> found;
    for (const auto& issue : errors.issues()) {
      if (issue.path == path) {
        found.push_back(issue);
      }
    }
    EXPECT_EQ(found.size(), 1u) << "issues at " << path << ":\n" << errors.describe();
    return found.empty() ? ConfigIssue{} : found.front();
  }

  // The 1-based line of the first line of text holding needle.
  static int lineOf(const std::string& text, const std::string& needle) {
    const auto at = text.find(needle);
    EXPECT_NE(at, std::string::npos) << needle;
    return 1 + static_cast<int>(std::count(text.begin(), text.begin() + at, '\n'));
  }

  // Loads one case type file (with the usual groups) and returns its text.
  std::string loadCase(const CaseFile& type) {
    const auto text = type.text();
    load({{"groups.yaml", kGroups}, {"types/case.yaml", text}});
    return text;
  }
};

// A valid configuration ------------------------------------------------------------------------

TEST_F(TypeLoader, SaysWhenFilesAboutTypesHaveNoTypesToSpeakOf) {
  load(
      {{"groups.yaml", kGroups}, {"reports.yaml", "reports: []\n"}, {"tasks.yaml", "tasks: []\n"}});
  EXPECT_NE(errors.describe().find("reports.yaml"), std::string::npos) << errors.describe();
  EXPECT_NE(errors.describe().find("tasks.yaml"), std::string::npos) << errors.describe();
  EXPECT_NE(errors.describe().find("is read only beside case and person types"), std::string::npos);
}

TEST_F(TypeLoader, ReadsACaseTypeWithEverythingItSays) {
  const auto catalog = load({{"groups.yaml", kGroups}, {"types/complaint.yaml", kComplaint}});
  ASSERT_TRUE(errors.empty()) << errors.describe();
  const auto* type = catalog.find(EntityKind::Case, "COMP");
  ASSERT_NE(type, nullptr);
  EXPECT_EQ(type->kind, EntityKind::Case);
  EXPECT_EQ(type->name, "Complaint");
  EXPECT_EQ(type->description, "A complaint about a nuisance");
  EXPECT_EQ(type->numbering.prefix, "CMP");
  EXPECT_EQ(type->numbering.width, 6);
  ASSERT_EQ(type->statuses.size(), 3u);
  EXPECT_EQ(type->statuses[1].value, "REVIEW");
  EXPECT_EQ(type->statuses[1].name, "Under review");
  EXPECT_TRUE(type->statuses[1].active);
  EXPECT_FALSE(type->statuses[2].active);
  EXPECT_EQ(type->defaultStatus, "REVIEW");
  EXPECT_EQ(type->displayName, "{title} ({caseNumber})");
  EXPECT_EQ(type->access.view, std::vector<std::string>{"everyone"});
  EXPECT_EQ(type->access.create, (std::vector<std::string>{"caseworkers", "administrators"}));
  EXPECT_EQ(type->access.modify, std::vector<std::string>{"caseworkers"});
  EXPECT_EQ(type->access.remove, std::vector<std::string>{"administrators"});
  EXPECT_EQ(type->formId, "complaint");
  EXPECT_EQ(type->headerText, "{caseNumber} · {title}");
}

TEST_F(TypeLoader, ReadsEveryPropertyOfAField) {
  const auto catalog = load({{"groups.yaml", kGroups}, {"types/complaint.yaml", kComplaint}});
  ASSERT_TRUE(errors.empty()) << errors.describe();
  const auto& type = *catalog.find(EntityKind::Case, "COMP");

  const auto& title = *type.field("title");
  EXPECT_EQ(title.type, FieldType::Text);
  EXPECT_EQ(title.label, "Title");
  EXPECT_EQ(title.tooltip, "What it is about");
  EXPECT_TRUE(title.mandatory);
  EXPECT_EQ(title.maxLength, 200);
  EXPECT_TRUE(title.searchable);
  EXPECT_EQ(title.searchWeight, 3);
  EXPECT_TRUE(title.displayInSearchResult);
  EXPECT_TRUE(title.preview);
  EXPECT_FALSE(title.readOnly);
  EXPECT_TRUE(title.defaultValue.is_null());

  const auto& channel = *type.field("channel");
  EXPECT_EQ(channel.type, FieldType::Choice);
  ASSERT_EQ(channel.options.size(), 2u);
  EXPECT_EQ(channel.options[0].value, "phone");
  EXPECT_EQ(channel.options[0].text, "Phone");
  EXPECT_EQ(channel.options[1].text, "letter") << "an option without text shows its value";
  EXPECT_EQ(channel.defaultValue, json::value("letter"));
  EXPECT_FALSE(channel.mandatory);
  EXPECT_EQ(channel.searchWeight, 1);

  EXPECT_TRUE(type.field("letterReference")->readOnly);
  EXPECT_EQ(type.field("cost")->minimum, 0.0);
  EXPECT_EQ(type.field("cost")->maximum, 5000.0);
  EXPECT_EQ(type.field("urgent")->defaultValue, json::value(false));
  EXPECT_EQ(type.field("complainant")->type, FieldType::PersonPicker);
  EXPECT_EQ(type.field("complainant")->role, "COMPLAINANT");
  EXPECT_EQ(type.field("related")->type, FieldType::CasePicker);
  EXPECT_EQ(type.field("notes")->type, FieldType::RichText);
}

TEST_F(TypeLoader, ACaseTypeGetsAStatusFieldMadeFromItsStatuses) {
  const auto catalog = load({{"groups.yaml", kGroups}, {"types/complaint.yaml", kComplaint}});
  ASSERT_TRUE(errors.empty()) << errors.describe();
  const auto& type = *catalog.find(EntityKind::Case, "COMP");
  const auto* status = type.field("status");
  ASSERT_NE(status, nullptr);
  EXPECT_EQ(&type.fields.back(), status) << "the status field comes after the configured ones";
  EXPECT_EQ(status->type, FieldType::Choice);
  EXPECT_EQ(status->label, "Status");
  EXPECT_TRUE(status->mandatory);
  EXPECT_EQ(status->defaultValue, json::value("REVIEW"));
  ASSERT_EQ(status->options.size(), 3u);
  EXPECT_EQ(status->options[0].value, "OPEN");
  EXPECT_EQ(status->options[0].text, "Open");
  EXPECT_EQ(status->options[2].text, "Closed");
}

TEST_F(TypeLoader, ReadsTheLayoutTree) {
  const auto catalog = load({{"groups.yaml", kGroups}, {"types/complaint.yaml", kComplaint}});
  ASSERT_TRUE(errors.empty()) << errors.describe();
  const auto& layout = catalog.find(EntityKind::Case, "COMP")->layout;
  ASSERT_EQ(layout.size(), 3u);

  const auto& summary = layout[0];
  EXPECT_EQ(summary.type, "HBox");
  EXPECT_EQ(summary.id, "summary");
  ASSERT_EQ(summary.children.size(), 2u);
  const auto& left = summary.children[0];
  EXPECT_EQ(left.type, "VBox");
  EXPECT_EQ(left.id, "summary-1") << "a container without an id is named after its place";
  EXPECT_EQ(left.minWidth, 260);
  EXPECT_EQ(left.maxWidth, 600);
  ASSERT_EQ(left.children.size(), 4u);
  EXPECT_EQ(left.children[1].type, "field");
  EXPECT_EQ(left.children[1].field, "status");
  EXPECT_EQ(left.children[1].id, "status") << "a field's component is named after the field";
  EXPECT_EQ(left.children[3].visibleWhen, json::parse(R"({"==": [{"var": "channel"}, "letter"]})"));
  EXPECT_TRUE(summary.children[1].hiddenOnSmallDevice);

  const auto& tabs = layout[1];
  EXPECT_EQ(tabs.type, "TabSet");
  ASSERT_EQ(tabs.children.size(), 2u);
  EXPECT_EQ(tabs.children[0].label, "Details");
  const auto& notes = tabs.children[1];
  EXPECT_TRUE(notes.lateLoad);
  EXPECT_TRUE(notes.scrollable);
  EXPECT_TRUE(notes.readOnly);
  EXPECT_EQ(notes.minHeight, 240);

  const auto& internal = layout[2];
  EXPECT_EQ(internal.type, "Section");
  EXPECT_EQ(internal.label, "Internal");
  EXPECT_TRUE(internal.indent);
  EXPECT_TRUE(internal.collapsed);
  EXPECT_TRUE(internal.hiddenOnMediumDevice);
  EXPECT_FALSE(internal.hiddenOnSmallDevice);
}

TEST_F(TypeLoader, PreparesTheFormsComponentsEditableAndReadOnly) {
  const auto catalog = load({{"groups.yaml", kGroups}, {"types/complaint.yaml", kComplaint}});
  ASSERT_TRUE(errors.empty()) << errors.describe();
  const auto& type = *catalog.find(EntityKind::Case, "COMP");
  const auto editable = json::parse(type.preparedComponents[0].fill({}));
  const auto readOnly = json::parse(type.preparedComponents[1].fill({}));
  ASSERT_TRUE(editable.is_array());
  const auto& title = editable.at(0).at("children").at(0).at("children").at(0);
  EXPECT_EQ(title.at("referenceCode"), "title");
  EXPECT_EQ(title.at("type"), "TextField");
  EXPECT_EQ(title.at("readonly"), false);
  EXPECT_EQ(readOnly.at(0).at("children").at(0).at("children").at(0).at("readonly"), true);
}

TEST_F(TypeLoader, ReadsAPersonTypeWithTheCaseItCanStart) {
  const auto catalog = load({{"groups.yaml", kGroups},
                             {"types/complaint.yaml", kComplaint},
                             {"types/individual.yaml", kIndividual}});
  ASSERT_TRUE(errors.empty()) << errors.describe();
  const auto* type = catalog.find(EntityKind::Person, "IND");
  ASSERT_NE(type, nullptr);
  EXPECT_EQ(type->kind, EntityKind::Person);
  EXPECT_EQ(type->displayName, "{firstName} {surname}");
  ASSERT_TRUE(type->newCase.has_value());
  EXPECT_EQ(type->newCase->caseType, "COMP");
  EXPECT_EQ(type->newCase->role, "COMPLAINANT");
  EXPECT_EQ(type->fields.size(), 4u) << "a person type gets no status field";
  EXPECT_EQ(type->field("status")->type, FieldType::Text) << "a person may have a field 'status'";
  EXPECT_EQ(type->headerText, "{typeName}");
  EXPECT_EQ(catalog.find(EntityKind::Case, "IND"), nullptr);
  EXPECT_EQ(catalog.find(EntityKind::Person, "ind"), type) << "refs are found whatever their case";
  EXPECT_EQ(catalog.ofKind(EntityKind::Person).size(), 1u);
  EXPECT_EQ(catalog.ofKind(EntityKind::Case).size(), 1u);
}

TEST_F(TypeLoader, ReadsGroupsWithTheirMembersInLowerCase) {
  const auto catalog = load({{"groups.yaml", kGroups}});
  ASSERT_TRUE(errors.empty()) << errors.describe();
  ASSERT_EQ(catalog.groups.size(), 2u);
  EXPECT_EQ(catalog.groups[0].name, "caseworkers");
  EXPECT_EQ(catalog.groups[0].description, "Handle complaints");
  EXPECT_EQ(catalog.groups[0].members, (std::set<std::string>{"jsmith", "akhan"}));
  EXPECT_TRUE(catalog.groupsOf("JSMITH").contains("caseworkers"));
}

TEST_F(TypeLoader, ACaseTypeHasSensibleDefaults) {
  CaseFile type;
  loadCase(type);
  ASSERT_TRUE(errors.empty()) << errors.describe();
  CaseFile untitled;
  untitled.ref = "UNT";
  untitled.formId = "untitled";
  untitled.fields = "  - {id: summary, type: text, label: Summary}\n";
  untitled.layout = "    - field: summary\n";
  root.write("types/untitled.yaml", untitled.text());
  const auto catalog = loadCatalog(root.path(), errors);
  ASSERT_TRUE(errors.empty()) << errors.describe();

  const auto& titled = *catalog.find(EntityKind::Case, "CASE");
  EXPECT_EQ(titled.displayName, "{title}");
  EXPECT_EQ(titled.defaultStatus, "OPEN") << "the first status";
  EXPECT_EQ(titled.numbering.width, 5);
  EXPECT_EQ(titled.headerText, "{typeName}");
  EXPECT_EQ(titled.statuses[0].name, "OPEN") << "a status without a name shows its value";
  EXPECT_EQ(catalog.find(EntityKind::Case, "UNT")->displayName, "{caseNumber}");
}

TEST_F(TypeLoader, AnEnvironmentWithoutTypesHasAnEmptyCatalog) {
  const auto catalog = load({});
  EXPECT_TRUE(errors.empty()) << errors.describe();
  EXPECT_TRUE(catalog.types.empty());
  EXPECT_TRUE(catalog.groups.empty());
}

TEST_F(TypeLoader, TheDemoEnvironmentLoadsWithoutProblems) {
  ConfigErrors demoErrors;
  const auto catalog =
      loadCatalog(std::filesystem::path(DOSSIER_SOURCE_DIR) / "environments" / "demo", demoErrors);
  EXPECT_TRUE(demoErrors.empty()) << demoErrors.describe();
  for (const char* ref : {"COMP", "LIC", "INV"}) {
    EXPECT_NE(catalog.find(EntityKind::Case, ref), nullptr) << ref;
  }
  for (const char* ref : {"IND", "ORG"}) {
    EXPECT_NE(catalog.find(EntityKind::Person, ref), nullptr) << ref;
  }
  for (const auto& type : catalog.types) {
    EXPECT_TRUE(type->preparedComponents[0].ready()) << type->ref;
  }
}

// Mistakes in a field ---------------------------------------------------------------------------

TEST_F(TypeLoader, SaysWhichFieldHasAnUnknownType) {
  CaseFile type;
  type.fields += "  - {id: colour, type: colour, label: Colour}\n";
  const auto text = loadCase(type);
  const auto issue = issueAt("fields[3].type");
  EXPECT_EQ(issue.file, file("types/case.yaml"));
  EXPECT_EQ(issue.line, lineOf(text, "type: colour"));
  EXPECT_EQ(issue.message,
            "'colour' is not a field type (text, multiline, richtext, number, date, datetime, "
            "yesno, choice, multichoice, address, person, case)");
}

TEST_F(TypeLoader, AChoiceNeedsOptions) {
  CaseFile type;
  type.fields += "  - {id: colour, type: choice, label: Colour}\n";
  type.fields += "  - {id: tags, type: multichoice, label: Tags, options: []}\n";
  loadCase(type);
  EXPECT_EQ(issueAt("fields[3].options").message, "a choice field needs options");
  EXPECT_EQ(issueAt("fields[4].options").message, "a multichoice field needs options");
}

TEST_F(TypeLoader, OnlyAChoiceHasOptions) {
  CaseFile type;
  type.fields += "  - {id: note, type: text, label: Note, options: [{value: a}]}\n";
  loadCase(type);
  EXPECT_EQ(issueAt("fields[3].options").message,
            "only choice and multichoice fields have options");
}

TEST_F(TypeLoader, AnOptionIsListedOnce) {
  CaseFile type;
  type.fields += "  - {id: size, type: choice, label: Size, options: [{value: s}, {value: s}]}\n";
  loadCase(type);
  EXPECT_EQ(issueAt("fields[3].options[1].value").message, "'s' is listed twice");
}

TEST_F(TypeLoader, APickerNamesTheRoleItsHolderTakes) {
  CaseFile type;
  type.fields += "  - {id: witness, type: person, label: Witness}\n";
  type.fields += "  - {id: parent, type: case, label: Parent}\n";
  const auto text = loadCase(type);
  const auto issue = issueAt("fields[3].role");
  EXPECT_EQ(issue.message, "a person field names the role its holder takes");
  EXPECT_EQ(issue.line, lineOf(text, "id: witness"));
  EXPECT_EQ(issueAt("fields[4].role").message, "a case field names the role its holder takes");
}

TEST_F(TypeLoader, OnlyTextFieldsHaveAMaximumLength) {
  CaseFile type;
  type.fields += "  - {id: amount, type: number, label: Amount, maxLength: 10}\n";
  loadCase(type);
  EXPECT_EQ(issueAt("fields[3].maxLength").message, "only text fields have a maximum length");
}

TEST_F(TypeLoader, ADefaultMustSuitItsField) {
  CaseFile type;
  type.fields +=
      "  - {id: size, type: choice, label: Size, default: huge, options: [{value: s}]}\n";
  type.fields += "  - {id: urgent, type: yesno, label: Urgent, default: maybe}\n";
  type.fields += "  - {id: due, type: date, label: Due, default: \"2023-02-29\"}\n";
  const auto text = loadCase(type);
  const auto size = issueAt("fields[3].default");
  EXPECT_EQ(size.message, "does not suit the field: Must be one of the listed options.");
  EXPECT_EQ(size.line, lineOf(text, "id: size"));
  EXPECT_EQ(issueAt("fields[4].default").message, "does not suit the field: Must be yes or no.");
  EXPECT_EQ(issueAt("fields[5].default").message,
            "does not suit the field: Must be a date (YYYY-MM-DD).");
}

TEST_F(TypeLoader, AFieldIdIsUsedOnce) {
  CaseFile type;
  type.fields += "  - {id: title, type: text, label: Second title}\n";
  loadCase(type);
  EXPECT_EQ(issueAt("fields[3].id").message, "'title' is used by another field");
}

TEST_F(TypeLoader, AFieldIdIsAName) {
  CaseFile type;
  type.fields += "  - {id: 2nd-title, type: text, label: Second title}\n";
  loadCase(type);
  EXPECT_EQ(issueAt("fields[3].id").message,
            "must start with a letter and hold only letters, digits and _ (at most 50)");
}

TEST_F(TypeLoader, ACaseTypeCannotHaveAFieldCalledStatus) {
  CaseFile type;
  type.fields = "  - {id: status, type: text, label: Status}\n" + type.fields;
  type.layout = "    - field: title\n    - field: channel\n    - field: applicant\n";
  const auto text = loadCase(type);
  const auto issue = issueAt("fields[0].id");
  EXPECT_EQ(issue.message, "status is the case's status, given by statuses");
  EXPECT_EQ(issue.line, lineOf(text, "id: status"));
}

TEST_F(TypeLoader, AMisspeltSettingIsReported) {
  CaseFile type;
  type.fields += "  - {id: note, type: text, label: Note, mandatroy: true}\n";
  loadCase(type);
  const auto issue = issueAt("fields[3].mandatroy");
  EXPECT_NE(issue.message.find("is not a known setting"), std::string::npos) << issue.message;
}

TEST_F(TypeLoader, AFieldNeedsAnIdATypeAndALabel) {
  CaseFile type;
  type.fields += "  - {tooltip: nothing else}\n";
  loadCase(type);
  EXPECT_EQ(issueAt("fields[3].id").message, "is required");
  EXPECT_EQ(issueAt("fields[3].type").message, "is required");
  EXPECT_EQ(issueAt("fields[3].label").message, "is required");
}

// Mistakes in the type --------------------------------------------------------------------------

TEST_F(TypeLoader, ACaseTypeNeedsNumberingAndStatuses) {
  load({{"groups.yaml", kGroups},
        {"types/case.yaml",
         "kind: case\nref: CASE\nname: Case\naccess: {view: [everyone]}\n"
         "fields: [{id: title, type: text, label: Title}]\n"
         "form: {id: case, layout: [{field: title}]}\n"}});
  EXPECT_EQ(issueAt("numbering").message, "is required for a case type (prefix and width)");
  EXPECT_EQ(issueAt("statuses").message, "a case type needs at least one status");
}

TEST_F(TypeLoader, TheDefaultStatusIsOneOfTheStatuses) {
  CaseFile type;
  type.extra = "defaultStatus: DONE\n";
  const auto text = loadCase(type);
  const auto issue = issueAt("defaultStatus");
  EXPECT_EQ(issue.message, "'DONE' is not one of the statuses");
  EXPECT_EQ(issue.line, lineOf(text, "defaultStatus"));
}

TEST_F(TypeLoader, ANumberingPrefixIsShortCapitalsOrDigits) {
  CaseFile type;
  type.extra = "";
  auto text = type.text();
  text.replace(text.find("{prefix: CAS}"), 13, "{prefix: cas-1, width: 12}");
  load({{"groups.yaml", kGroups}, {"types/case.yaml", text}});
  EXPECT_EQ(issueAt("numbering.prefix").message, "must be 1 to 10 capital letters or digits");
  EXPECT_NE(issueAt("numbering.width").message.find("must be a whole number from 3 to 9"),
            std::string::npos);
}

TEST_F(TypeLoader, OnlyACaseTypeHasNumberingAndStatuses) {
  auto text = std::string(kIndividual);
  text.replace(text.find("newCase:"), 0, "statuses: [{value: OPEN}]\n");
  load({{"groups.yaml", kGroups},
        {"types/complaint.yaml", kComplaint},
        {"types/individual.yaml", text}});
  EXPECT_EQ(issueAt("statuses").message, "only case types have this");
}

TEST_F(TypeLoader, TheDisplayNameNamesOnlyFields) {
  CaseFile type;
  type.extra = "displayName: \"{title} for {nickname}\"\n";
  const auto text = loadCase(type);
  const auto issue = issueAt("displayName");
  EXPECT_EQ(issue.file, file("types/case.yaml"));
  EXPECT_EQ(issue.message, "{nickname} names no field");
  EXPECT_EQ(issue.line, lineOf(text, "displayName"));
}

TEST_F(TypeLoader, APersonTypeNeedsADisplayName) {
  auto text = std::string(kIndividual);
  text.erase(text.find("displayName:"),
             std::string("displayName: \"{firstName} {surname}\"\n").size());
  load({{"groups.yaml", kGroups},
        {"types/complaint.yaml", kComplaint},
        {"types/individual.yaml", text}});
  EXPECT_EQ(issueAt("displayName").message, "is required");
}

TEST_F(TypeLoader, TheHeaderTextNamesOnlyFields) {
  auto text = std::string(kComplaint);
  text.replace(text.find("{caseNumber} · {title}"), std::string("{caseNumber} · {title}").size(),
               "{caseNumber} · {subject}");
  load({{"groups.yaml", kGroups}, {"types/complaint.yaml", text}});
  EXPECT_EQ(issueAt("form.headerText").message, "{subject} names no field");
}

TEST_F(TypeLoader, RightsNameGroupsThatExist) {
  CaseFile type;
  auto text = type.text();
  text.replace(text.find("access: {view: [everyone]}"), 26,
               "access: {view: [everyone], modify: [caseworkers, clerks]}");
  load({{"groups.yaml", kGroups}, {"types/case.yaml", text}});
  const auto issue = issueAt("access.modify");
  EXPECT_EQ(issue.file, file("types/case.yaml"));
  EXPECT_EQ(issue.message, "'clerks' is not a group of groups.yaml");
}

TEST_F(TypeLoader, RightsAreRequired) {
  CaseFile type;
  auto text = type.text();
  text.erase(text.find("access: {view: [everyone]}\n"), 27);
  load({{"groups.yaml", kGroups}, {"types/case.yaml", text}});
  EXPECT_NE(issueAt("access").message.find("is required"), std::string::npos);
}

TEST_F(TypeLoader, EveryoneIsABuiltInGroupAndAGroupIsDefinedOnce) {
  load(
      {{"groups.yaml", "groups:\n  - {name: everyone}\n  - {name: clerks}\n  - {name: clerks}\n"}});
  EXPECT_EQ(issueAt("groups[0].name").message, "everyone is built in: it holds every user");
  EXPECT_EQ(issueAt("groups[2].name").message, "'clerks' is defined twice");
}

TEST_F(TypeLoader, ANewCaseNamesACaseType) {
  auto text = std::string(kIndividual);
  text.replace(text.find("caseType: COMP"), 14, "caseType: COMPLAINT");
  load({{"groups.yaml", kGroups},
        {"types/complaint.yaml", kComplaint},
        {"types/individual.yaml", text}});
  const auto issue = issueAt("newCase.caseType");
  EXPECT_EQ(issue.file, file("types/individual.yaml"));
  EXPECT_EQ(issue.message, "'COMPLAINT' is not a case type");
}

TEST_F(TypeLoader, ANewCaseNamesARoleAPersonFieldOfTheCaseHas) {
  auto text = std::string(kIndividual);
  text.replace(text.find("role: COMPLAINANT"), 17, "role: WITNESS");
  load({{"groups.yaml", kGroups},
        {"types/complaint.yaml", kComplaint},
        {"types/individual.yaml", text}});
  EXPECT_EQ(issueAt("newCase.role").message, "no person field of COMP has the role 'WITNESS'");
}

TEST_F(TypeLoader, TwoTypesOfAKindCannotShareARef) {
  CaseFile first;
  CaseFile second;
  second.ref = "case";
  second.formId = "other-form";
  load({{"groups.yaml", kGroups}, {"types/a.yaml", first.text()}, {"types/b.yaml", second.text()}});
  std::vector<std::string> files;
  for (const auto& issue : errors.issues()) {
    EXPECT_EQ(issue.path, "ref");
    files.push_back(issue.file);
  }
  EXPECT_EQ(files, (std::vector<std::string>{file("types/a.yaml"), file("types/b.yaml")}))
      << errors.describe();
  EXPECT_EQ(errors.issues()[0].message, "'CASE' is the ref of another case type");
}

TEST_F(TypeLoader, ACaseTypeAndAPersonTypeMayShareARef) {
  CaseFile caseType;
  caseType.ref = "IND";
  load({{"groups.yaml", kGroups},
        {"types/complaint.yaml", kComplaint},
        {"types/case.yaml", caseType.text()},
        {"types/individual.yaml", kIndividual}});
  EXPECT_TRUE(errors.empty()) << errors.describe();
}

TEST_F(TypeLoader, TwoTypesCannotShareAFormId) {
  CaseFile first;
  CaseFile second;
  second.ref = "OTHER";
  load({{"groups.yaml", kGroups}, {"types/a.yaml", first.text()}, {"types/b.yaml", second.text()}});
  const auto issue = issueAt("form.id");
  EXPECT_EQ(issue.file, file("types/b.yaml"));
  EXPECT_EQ(issue.message, "'case-form' is the id of another type's form");
}

TEST_F(TypeLoader, AFileThatIsNotYamlIsNamed) {
  load({{"types/broken.yaml", "kind: case\nfields: [unclosed\n"}});
  ASSERT_EQ(errors.issues().size(), 1u) << errors.describe();
  EXPECT_EQ(errors.issues()[0].file, file("types/broken.yaml"));
  EXPECT_NE(errors.issues()[0].message.find("not valid YAML"), std::string::npos);
}

TEST_F(TypeLoader, FilesThatAreNotYamlFilesAreIgnored) {
  load({{"types/README.txt", "not a type"}, {"types/case.yaml.bak", "kind: nonsense"}});
  EXPECT_TRUE(errors.empty()) << errors.describe();
}

TEST_F(TypeLoader, ReportsEveryMistakeAtOnce) {
  CaseFile type;
  type.extra = "displayName: \"{nope}\"\ndefaultStatus: DONE\n";
  type.fields += "  - {id: colour, type: colour, label: Colour}\n";
  loadCase(type);
  EXPECT_EQ(errors.issues().size(), 3u) << errors.describe();
}

// Mistakes in the layout ------------------------------------------------------------------------

TEST_F(TypeLoader, ALayoutPlacesOnlyFieldsTheTypeHas) {
  CaseFile type;
  type.layout =
      "    - type: VBox\n      children:\n        - field: title\n        - field: titel\n";
  const auto text = loadCase(type);
  const auto issue = issueAt("form.layout");
  EXPECT_EQ(issue.file, file("types/case.yaml"));
  EXPECT_EQ(issue.message, "layout[0].children[1]: the field 'titel' is not among the fields");
  EXPECT_EQ(issue.line, lineOf(text, "  layout:") + 1);
}

TEST_F(TypeLoader, ALayoutPlacesAFieldOnce) {
  CaseFile type;
  type.layout += "    - type: Section\n      label: Again\n      children: [{field: title}]\n";
  loadCase(type);
  bool placedTwice = false;
  for (const auto& issue : errors.issues()) {
    EXPECT_EQ(issue.path, "form.layout");
    placedTwice =
        placedTwice || issue.message == "layout[3].children[0]: the field 'title' is placed twice";
  }
  EXPECT_TRUE(placedTwice) << errors.describe();
}

TEST_F(TypeLoader, EachTabOfATabSetIsAContainerWithALabel) {
  CaseFile type;
  type.layout =
      "    - type: TabSet\n"
      "      children:\n"
      "        - {type: VBox, label: Main, children: [{field: title}]}\n"
      "        - {type: VBox, children: [{field: channel}]}\n"
      "    - field: applicant\n";
  loadCase(type);
  EXPECT_EQ(issueAt("form.layout").message,
            "layout[0]: each tab of a TabSet is a container with a label (its heading)");
}

TEST_F(TypeLoader, AFieldCannotBeATabOfItsOwn) {
  CaseFile type;
  type.layout =
      "    - type: TabSet\n"
      "      children:\n"
      "        - {field: title, label: Title}\n"
      "    - field: channel\n"
      "    - field: applicant\n";
  loadCase(type);
  EXPECT_EQ(issueAt("form.layout").message,
            "layout[0]: each tab of a TabSet is a container with a label (its heading)");
}

TEST_F(TypeLoader, AContainerTypeIsOneOfTheKnownOnes) {
  CaseFile type;
  type.layout = "    - type: Grid\n      children: [{field: title}]\n";
  loadCase(type);
  EXPECT_EQ(issueAt("form.layout[0].type").message,
            "'Grid' is neither a container (HBox, VBox, Section, Fieldset, TabSet), a view "
            "(Documents, Roles, RolesHeld, AlternateNames, Comments, CrossReferences, "
            "CaseActions) nor a Text");
}

TEST_F(TypeLoader, ACaseFormMayShowItsDocuments) {
  CaseFile type;
  type.layout =
      "    - field: title\n"
      "    - type: TabSet\n"
      "      children:\n"
      "        - type: VBox\n"
      "          label: Documents\n"
      "          children: [{type: Documents, id: case-documents}]\n";
  loadCase(type);
  EXPECT_TRUE(errors.empty()) << errors.describe();
}

TEST_F(TypeLoader, ADocumentsViewHasNoChildren) {
  CaseFile type;
  type.layout =
      "    - field: title\n"
      "    - type: Documents\n"
      "      id: docs\n"
      "      children: [{field: channel}]\n";
  loadCase(type);
  EXPECT_EQ(issueAt("form.layout").message, "layout[1]: a Documents view has no children");
}

TEST_F(TypeLoader, AVisibilityConditionUsesKnownOperators) {
  CaseFile type;
  type.layout =
      "    - field: title\n"
      "    - type: VBox\n"
      "      children:\n"
      "        - field: channel\n"
      "          visibleWhen: {\"matches\": [{\"var\": \"title\"}, \"^A\"]}\n";
  loadCase(type);
  EXPECT_EQ(issueAt("form.layout").message,
            "layout[1].children[0].visibleWhen: 'matches' is not a JSON Logic operator this "
            "product evaluates");
}

TEST_F(TypeLoader, AVisibilityConditionNamesOnlyFields) {
  CaseFile type;
  type.layout =
      "    - field: title\n"
      "    - field: channel\n"
      "      visibleWhen: {\"==\": [{\"var\": \"chanel\"}, \"letter\"]}\n";
  loadCase(type);
  EXPECT_EQ(issueAt("form.layout").message,
            "layout[1].visibleWhen: {\"var\": \"chanel\"} names no field of this form");
}

TEST_F(TypeLoader, AVisibilityConditionMayTestTheStatus) {
  CaseFile type;
  type.layout =
      "    - field: title\n"
      "    - field: channel\n"
      "      visibleWhen: {\"==\": [{\"var\": \"status\"}, \"OPEN\"]}\n";
  loadCase(type);
  EXPECT_TRUE(errors.empty()) << errors.describe();
}

TEST_F(TypeLoader, ADataFieldHasNeitherATypeNorChildren) {
  CaseFile type;
  type.layout =
      "    - {field: title, type: VBox}\n"
      "    - {field: channel, children: [{field: applicant}]}\n";
  loadCase(type);
  EXPECT_EQ(issueAt("form.layout[0].type").message,
            "a data field is written '- field: <id>' without a type");
  EXPECT_EQ(issueAt("form.layout[1].children").message, "a data field has no children");
}

TEST_F(TypeLoader, AFormShowsTheFactsOfItsRecordAndTexts) {
  CaseFile type;
  type.layout +=
      "    - {fact: caseNumber}\n"
      "    - {fact: createdAt, id: opened, label: Opened on, hiddenOnSmallDevice: true}\n"
      "    - {type: Text, text: \"{caseNumber} for {title}\"}\n";
  loadCase(type);
  ASSERT_TRUE(errors.empty()) << errors.describe();
  const auto catalog = loadCatalog(root.path(), errors);
  const auto& layout = catalog.find(EntityKind::Case, "CASE")->layout;
  ASSERT_EQ(layout.size(), 6u);
  EXPECT_EQ(layout[3].type, "fact");
  EXPECT_EQ(layout[3].fact, "caseNumber");
  EXPECT_EQ(layout[3].id, "caseNumber") << "a fact's id is its name unless given";
  EXPECT_EQ(layout[4].id, "opened");
  EXPECT_EQ(layout[4].label, "Opened on");
  EXPECT_TRUE(layout[4].hiddenOnSmallDevice);
  EXPECT_EQ(layout[5].type, "Text");
  EXPECT_EQ(layout[5].text, "{caseNumber} for {title}");
}

TEST_F(TypeLoader, AFactIsOneAFormCanShow) {
  CaseFile type;
  type.layout += "    - fact: createdOn\n";
  loadCase(type);
  EXPECT_EQ(issueAt("form.layout[3].fact").message,
            "'createdOn' is not a fact of a record (caseNumber, personId, caseType, personType, "
            "createdBy, createdAt, modifiedBy, modifiedAt)");
}

TEST_F(TypeLoader, ACaseFormCannotShowAPersonsFacts) {
  CaseFile type;
  type.layout += "    - fact: personType\n";
  loadCase(type);
  EXPECT_EQ(issueAt("form.layout").message,
            "layout[3]: personType is a fact of persons, so a case form cannot show it");
}

TEST_F(TypeLoader, AFactHasNeitherATypeNorAFieldNorChildren) {
  CaseFile type;
  type.layout +=
      "    - {fact: createdBy, type: TextField}\n"
      "    - {fact: createdAt, field: title, id: both}\n"
      "    - {fact: modifiedAt, children: [{field: title, id: again}]}\n";
  loadCase(type);
  EXPECT_EQ(issueAt("form.layout[3].type").message,
            "a fact of the record is written '- fact: <name>' without a type");
  EXPECT_EQ(issueAt("form.layout[4].fact").message,
            "a component shows either a field or a fact of the record, not both");
  EXPECT_EQ(issueAt("form.layout[5].children").message, "a fact of the record has no children");
}

TEST_F(TypeLoader, ATextSaysSomethingAndOnlyATextHasText) {
  CaseFile type;
  type.layout +=
      "    - {type: Text, id: empty}\n"
      "    - {type: VBox, text: Hello, children: []}\n"
      "    - {type: Text, id: kids, text: Hi, children: [{type: VBox}]}\n";
  loadCase(type);
  EXPECT_EQ(issueAt("form.layout[3].text").message, "a Text says something: give it its text");
  EXPECT_EQ(issueAt("form.layout[4].text").message,
            "only a Text has a text (a field's label is set on the field)");
  EXPECT_EQ(issueAt("form.layout[5].children").message, "a Text has no children");
}

TEST_F(TypeLoader, ATextNamesOnlyFields) {
  CaseFile type;
  type.layout += "    - {type: Text, text: \"Filed by {filedBy}\"}\n";
  loadCase(type);
  EXPECT_EQ(issueAt("form.layout").message, "layout[3].text: {filedBy} names no field");
}

TEST_F(TypeLoader, AComponentIdIsUsedOnce) {
  CaseFile type;
  type.layout =
      "    - {type: VBox, id: main, children: [{field: title}]}\n"
      "    - {type: VBox, id: main, children: [{field: channel}, {field: applicant}]}\n";
  loadCase(type);
  EXPECT_EQ(issueAt("form.layout").message, "layout[1]: the id 'main' is used twice");
}

// Roles -------------------------------------------------------------------------------------------

namespace roles {

const char* const kRoles = R"yaml(roles:
  - {code: COMPLAINANT, name: Complainant, heldIn: Complainant in, on: [COMP], holders: any_person}
  - {code: RELATED, name: Related case, on: [COMP], holders: any_case}
  - {code: WITNESS, name: Witness, on: [COMP], holders: [IND]}
  - {code: FOLLOWS, name: Follow-up, on: [COMP], holders: [COMP], singleOwner: true}
)yaml";

}  // namespace roles

TEST_F(TypeLoader, ReadsTheRolesAndWhatTheirLookupsSearch) {
  const auto catalog = load({{"groups.yaml", kGroups},
                             {"types/complaint.yaml", kComplaint},
                             {"types/individual.yaml", kIndividual},
                             {"roles.yaml", roles::kRoles}});
  ASSERT_TRUE(errors.empty()) << errors.describe();
  const auto* complainant = catalog.role("COMPLAINANT");
  ASSERT_NE(complainant, nullptr);
  EXPECT_EQ(complainant->name, "Complainant");
  EXPECT_EQ(complainant->heldIn, "Complainant in");
  EXPECT_EQ(complainant->holderKind, EntityKind::Person);
  EXPECT_EQ(complainant->lookupEntityType(), "any_person");
  EXPECT_TRUE(complainant->isOn(*catalog.find(EntityKind::Case, "COMP")));
  EXPECT_EQ(catalog.role("RELATED")->heldIn, "Related case in");
  EXPECT_EQ(catalog.role("WITNESS")->lookupEntityType(), "IND");
  EXPECT_TRUE(catalog.role("WITNESS")->mayBeHeldBy(*catalog.find(EntityKind::Person, "IND")));
  EXPECT_FALSE(catalog.role("WITNESS")->mayBeHeldBy(*catalog.find(EntityKind::Case, "COMP")));
  EXPECT_TRUE(catalog.role("FOLLOWS")->singleOwner);
  EXPECT_EQ(catalog.find(EntityKind::Case, "COMP")->field("complainant")->lookupEntityType,
            "any_person");
}

TEST_F(TypeLoader, WithoutRolesYamlTheRolesAreWhatTheFieldsSay) {
  const auto catalog = load({{"groups.yaml", kGroups},
                             {"types/complaint.yaml", kComplaint},
                             {"types/individual.yaml", kIndividual}});
  ASSERT_TRUE(errors.empty()) << errors.describe();
  const auto* complainant = catalog.role("COMPLAINANT");
  ASSERT_NE(complainant, nullptr);
  EXPECT_EQ(complainant->name, "Complainant");
  EXPECT_EQ(complainant->heldIn, "Complainant in");
  EXPECT_EQ(catalog.role("RELATED")->holderKind, EntityKind::Case);
}

TEST_F(TypeLoader, EveryRoleAFieldNamesIsDefinedOnItsTypeForItsKind) {
  load({{"groups.yaml", kGroups},
        {"types/complaint.yaml", kComplaint},
        {"types/individual.yaml", kIndividual},
        {"roles.yaml",
         "roles:\n"
         "  - {code: RELATED, name: Related, on: [COMP], holders: any_person}\n"}});
  const auto text = errors.describe();
  EXPECT_NE(text.find("the role 'COMPLAINANT' of COMP.complainant is not defined"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("the role 'RELATED' is held by persons, but COMP.related is a case field"),
            std::string::npos)
      << text;
}

TEST_F(TypeLoader, ARoleNamesKnownTypesOfOneKind) {
  load({{"groups.yaml", kGroups},
        {"types/complaint.yaml", kComplaint},
        {"types/individual.yaml", kIndividual},
        {"roles.yaml", std::string(roles::kRoles) +
                           "  - {code: MIXED, name: Mixed, on: [NOPE], holders: [IND, COMP]}\n"
                           "  - {code: LONELY, name: Lonely, on: [COMP], holders: any_person, "
                           "singleOwner: true}\n"
                           "  - {code: WITNESS, name: Again, on: [COMP], holders: any_person}\n"}});
  EXPECT_EQ(issueAt("roles[4].on").message, "'NOPE' is not a case or person type");
  EXPECT_EQ(issueAt("roles[4].holders").message,
            "the holders of a role are all persons or all cases");
  EXPECT_EQ(issueAt("roles[5].singleOwner").message, "only a case can belong to one parent alone");
  EXPECT_EQ(issueAt("roles[6].code").message, "'WITNESS' is defined twice");
}

TEST_F(TypeLoader, ARolesViewListsARoleOfItsTypeThatNoFieldHolds) {
  CaseFile type;
  type.layout +=
      "    - {type: Roles, id: witnesses, role: WITNESS}\n"
      "    - {type: Roles, id: applicants, role: APPLICANT}\n"
      "    - {type: Roles, id: nothing}\n"
      "    - {type: RolesHeld, id: held}\n";
  load({{"groups.yaml", kGroups},
        {"types/case.yaml", type.text()},
        {"roles.yaml",
         "roles:\n"
         "  - {code: APPLICANT, name: Applicant, on: [CASE], holders: any_person}\n"
         "  - {code: WITNESS, name: Witness, on: [CASE], holders: any_person}\n"}});
  EXPECT_EQ(issueAt("form.layout[4]").message,
            "the role 'APPLICANT' is held through a field of this type; a Roles view lists roles "
            "with many holders");
  EXPECT_EQ(issueAt("form.layout[5].role").message,
            "a Roles view names the role whose holders it lists");
  EXPECT_EQ(errors.issues().size(), 2u) << errors.describe();
}

// Macros ------------------------------------------------------------------------------------------

TEST_F(TypeLoader, ReadsTheMacrosBoundToEventsWithTheirScripts) {
  const auto catalog =
      load({{"groups.yaml", kGroups},
            {"types/complaint.yaml", kComplaint},
            {"macros.yaml", "macros:\n  - {event: beforeSave, type: comp, script: checks.lua}\n"},
            {"macros/checks.lua", "dossier.setField('title', 'x')\n"}});
  ASSERT_TRUE(errors.empty()) << errors.describe();
  const auto* macro = catalog.macroFor("beforeSave", EntityKind::Case, "COMP");
  ASSERT_NE(macro, nullptr);
  EXPECT_EQ(macro->script, "checks.lua");
  EXPECT_EQ(macro->source, "dossier.setField('title', 'x')\n");
}

TEST_F(TypeLoader, AMacroThatDoesNotCompileStopsTheStartWithItsFileAndLine) {
  load({{"groups.yaml", kGroups},
        {"types/complaint.yaml", kComplaint},
        {"macros.yaml",
         "macros:\n  - {event: beforeSave, type: COMP, script: checks.lua}\n"
         "  - {event: onTuesday, type: COMP, script: checks.lua}\n"
         "  - {event: beforeSave, type: NOPE, script: ../secret.lua}\n"},
        {"macros/checks.lua", "local x = 1\nif x then\n"}});
  const auto text = errors.describe();
  EXPECT_NE(text.find("checks.lua:3: 'end' expected (to close 'if' at line 2) near <eof>"),
            std::string::npos)
      << text;
  EXPECT_EQ(issueAt("macros[1].event").message,
            "'onTuesday' is not an event a macro can run on (beforeSave, afterSave or formClose)");
  EXPECT_EQ(issueAt("macros[2].type").message, "'NOPE' is not a case or person type");
  EXPECT_EQ(issueAt("macros[2].script").message,
            "name a file of the macros folder, without a path");
}

TEST_F(TypeLoader, ReadsTasksWithTheirStepsAndTheMacrosThatCompleteThem) {
  const auto catalog =
      load({{"groups.yaml", kGroups},
            {"types/complaint.yaml", kComplaint},
            {"tasks.yaml",
             "tasks:\n  - id: ack\n    displayName: Acknowledge\n    types: [COMP]\n"
             "    rememberWhenComplete: true\n    steps:\n"
             "      - {id: check, displayName: Check, allowUserStart: true}\n"
             "      - {id: letter, displayName: Letter, requirePreviousComplete: true, macro: "
             "ack.lua}\n"},
            {"macros/ack.lua", "dossier.notify('info', 'sent')\n"}});
  ASSERT_TRUE(errors.empty()) << errors.describe();
  ASSERT_EQ(catalog.tasks.size(), 1u);
  const auto& task = *catalog.tasks[0];
  EXPECT_EQ(task.displayName, "Acknowledge");
  EXPECT_EQ(task.taskTypes, std::vector<std::string>{"General"});
  EXPECT_TRUE(task.rememberWhenComplete);
  ASSERT_EQ(task.steps.size(), 2u);
  EXPECT_FALSE(task.steps[0].completeIfMacroOk());
  EXPECT_TRUE(task.steps[1].completeIfMacroOk());
  EXPECT_EQ(task.steps[1].macroSource, "dossier.notify('info', 'sent')\n");
}

TEST_F(TypeLoader, ATaskThatCannotRunAsWrittenStopsTheStartSayingWhy) {
  load({{"groups.yaml", kGroups},
        {"types/complaint.yaml", kComplaint},
        {"tasks.yaml",
         "tasks:\n  - id: letter\n    displayName: Letter\n    types: [COMP, NOPE]\n"
         "    taskTypes: [Document]\n    steps:\n"
         "      - {id: write, displayName: Write, requirePreviousComplete: true}\n"
         "  - id: letter\n    displayName: Again\n    types: [COMP]\n    steps: []\n"}});
  EXPECT_EQ(issueAt("tasks[0].types").message, "'NOPE' is not a case or person type");
  EXPECT_EQ(issueAt("tasks[0].taskTypes").message,
            "a Document task fills a template in one of its steps (template)");
  EXPECT_EQ(issueAt("tasks[0].steps[0].requirePreviousComplete").message,
            "the first step has no step before it");
  EXPECT_EQ(issueAt("tasks[0].steps[0].allowUserStart").message,
            "a step without a macro is done by the person: it needs allowUserStart: true");
  EXPECT_EQ(issueAt("tasks[1].id").message, "the task letter is defined twice");
  EXPECT_EQ(issueAt("tasks[1].steps").message, "a task has at least one step");
}

TEST_F(TypeLoader, ADocumentTaskNeedsAWordTemplateAndCaseTypes) {
  load({{"groups.yaml", kGroups},
        {"types/complaint.yaml", kComplaint},
        {"tasks.yaml",
         "tasks:\n  - id: letter\n    displayName: Letter\n    types: [COMP]\n"
         "    taskTypes: [Document]\n    steps:\n"
         "      - {id: write, displayName: Write, template: letter.docx}\n"
         "  - id: note\n    displayName: Note\n    types: [COMP]\n    taskTypes: [Document]\n"
         "    steps:\n      - {id: n, displayName: N, allowUserStart: true, title: X}\n"},
        {"templates/letter.docx", "not a zip"}});
  EXPECT_NE(errors.describe().find("this template cannot be filled: it is neither a Word document "
                                   "(.docx) nor an OpenDocument text (.odt)"),
            std::string::npos)
      << errors.describe();
  EXPECT_EQ(issueAt("tasks[1].taskTypes").message,
            "a Document task fills a template in one of its steps (template)");
  EXPECT_EQ(issueAt("tasks[1].steps[0].title").message,
            "a title names the document a template makes: add template");
}

TEST_F(TypeLoader, AnEmailStepReadsItsTextAndItsHtmlFromTheTemplatesFolder) {
  const auto catalog =
      load({{"groups.yaml", kGroups},
            {"types/complaint.yaml", kComplaint},
            {"tasks.yaml",
             "tasks:\n  - id: mail\n    displayName: Mail\n    types: [COMP]\n"
             "    taskTypes: [Email]\n    steps:\n"
             "      - id: send\n        displayName: Send\n"
             "        email: {to: x@y.example, subject: Hi, body: ack.txt, html: ack.html}\n"},
            {"templates/ack.txt", "Dear {{complainant}}"},
            {"templates/ack.html", "<p>Dear {{complainant}}</p>"}});
  ASSERT_TRUE(errors.empty()) << errors.describe();
  const auto& step = catalog.tasks.at(0)->steps.at(0);
  EXPECT_EQ(step.emailBody, "Dear {{complainant}}");
  EXPECT_EQ(step.emailHtml, "<p>Dear {{complainant}}</p>");
}

TEST_F(TypeLoader, AnEmailsHtmlIsAnHtmlFileThatIsThere) {
  load({{"groups.yaml", kGroups},
        {"types/complaint.yaml", kComplaint},
        {"tasks.yaml",
         "tasks:\n  - id: mail\n    displayName: Mail\n    types: [COMP]\n    steps:\n"
         "      - id: a\n        displayName: A\n"
         "        email: {to: x@y.example, subject: Hi, body: ack.txt, html: ack.txt}\n"
         "      - id: b\n        displayName: B\n"
         "        email: {to: x@y.example, subject: Hi, body: ack.txt, html: gone.html}\n"},
        {"templates/ack.txt", "Dear {{complainant}}"}});
  EXPECT_EQ(issueAt("tasks[0].steps[0].email.html").message,
            "the HTML body is an .html file of the templates folder");
  EXPECT_EQ(issueAt("tasks[0].steps[1].email.html").message.find("there is no file "), 0u)
      << issueAt("tasks[0].steps[1].email.html").message;
}

}  // namespace
}  // namespace dossier::types
