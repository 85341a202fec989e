#pragma once

#include <array>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <boost/json/value.hpp>

#include "types/granted_groups.hpp"
#include "types/prepared_components.hpp"

namespace dossier::types {

enum class EntityKind { Case, Person };

const char* kindName(EntityKind kind);  // "case" / "person"
// "case" or "person" as a route writes it.
std::optional<EntityKind> kindFromRoute(std::string_view word);

// The kinds of value a field holds (issue: text, multi-line text, rich text, number, date,
// date-time, yes/no, choice, multi-choice, address, person or case picker for a role).
enum class FieldType {
  Text,
  MultiLineText,
  RichText,
  Number,
  Date,
  DateTime,
  YesNo,
  Choice,
  MultiChoice,
  Address,
  PersonPicker,
  CasePicker,
};

// The configuration word ("text") and the layout component type sent to the web app
// ("TextField"), spec 2 §3.
const char* fieldTypeWord(FieldType type);
const char* componentType(FieldType type);
std::optional<FieldType> fieldTypeFromWord(std::string_view word);

struct Option {
  std::string value;
  std::string text;
};

struct FieldDef {
  std::string id;
  FieldType type = FieldType::Text;
  std::string label;
  std::string tooltip;
  bool mandatory = false;
  int maxLength = 0;  // 0: the type's own limit
  std::optional<double> minimum;
  std::optional<double> maximum;
  boost::json::value defaultValue;  // null when none
  bool readOnly = false;
  bool searchable = false;
  int searchWeight = 1;
  bool displayInSearchResult = false;
  bool preview = false;
  std::vector<Option> options;
  std::string role;  // for pickers: the role code whose holder it names
  // For pickers: what the entity lookup that chooses the holder searches (any_person, any_case or
  // one type's ref), from the role's definition.
  std::string lookupEntityType;
};

// One component of a form's layout (spec 2 "Dynamic layout"): a container, a data field, a view,
// a fact of the record or a text.
struct LayoutNode {
  std::string type;  // HBox, VBox, Section, Fieldset, TabSet, a view, Text, "field" or "fact"
  std::string id;
  std::string label;
  std::string field;  // for a data field: the field's id
  std::string fact;   // for a fact of the record: its name (layout_facts.hpp)
  std::string text;   // for a Text: what it says, a template like headerText
  std::optional<int> minWidth;
  std::optional<int> maxWidth;
  std::optional<int> minHeight;
  bool scrollable = false;
  bool readOnly = false;
  bool hiddenOnSmallDevice = false;
  bool hiddenOnMediumDevice = false;
  bool lateLoad = false;           // a tab whose content loads when selected
  bool indent = false;             // a section's content is indented
  bool collapsed = false;          // a section starts closed
  boost::json::value visibleWhen;  // JSON Logic over the form's values; null: always
  std::string role;                // a Roles view: the role whose holders it lists
  std::string lookupEntityType;    // a Roles view: what its lookup searches
  std::vector<LayoutNode> children;
};

struct CaseStatus {
  std::string value;
  std::string name;
  bool active = true;  // Registered/Active, otherwise Deregistered/Obsolete for the search filter
};

struct Numbering {
  std::string prefix;  // "CMP" → CMP-2026-00042
  int width = 5;
};

// Groups allowed each right on a type. "everyone" holds every user.
struct AccessRights {
  std::vector<std::string> view;
  std::vector<std::string> create;
  std::vector<std::string> modify;
  std::vector<std::string> remove;
};

// For a person type: the case a person can be the start of, and the role the person takes in it.
struct NewCaseFromPerson {
  std::string caseType;
  std::string role;
};

// For a person type: the fields that tell one person from another, checked for possible duplicates
// when a new person is saved (names: text fields matched word by word; dates: date fields that,
// when both are known, must be equal).
struct DuplicateCheck {
  std::vector<std::string> names;
  std::vector<std::string> dates;
};

struct EntityType {
  EntityKind kind = EntityKind::Case;
  std::string ref;
  std::string name;
  std::string description;
  Numbering numbering;               // cases
  std::vector<CaseStatus> statuses;  // cases
  std::string defaultStatus;         // cases
  std::string displayName;  // template such as "{firstName} {surname}"; cases use "{title}"
  std::optional<NewCaseFromPerson> newCase;      // persons
  std::optional<DuplicateCheck> duplicateCheck;  // persons
  AccessRights access;
  std::vector<FieldDef> fields;
  std::string formId;
  std::string headerText;  // template shown above the form
  std::vector<LayoutNode> layout;
  // The layout components as JSON text, [0] editable and [1] read-only, made once when the
  // configuration is read: every form load sends one of them, with the values that differ from
  // record to record in their places.
  std::array<PreparedComponents, 2> preparedComponents;

  const FieldDef* field(std::string_view id) const;
  const CaseStatus* status(std::string_view value) const;
};

struct Group {
  std::string name;
  std::string description;
  std::set<std::string> members;  // lower-cased usernames
};

// Every type and group of an environment.
struct DocumentDefinition;
struct RoleDefinition;
struct ActionType;
struct TaskDefinition;
struct ReportDefinition;
struct MacroBinding;

class Catalog {
 public:
  std::vector<std::shared_ptr<const EntityType>> types;
  std::vector<Group> groups;
  // Memberships of those groups given from outside groups.yaml (a cloud directory's claims);
  // shared by the copies of the catalogue, changed as people sign in.
  std::shared_ptr<GrantedGroups> granted = std::make_shared<GrantedGroups>();
  // documents.yaml; null when the environment keeps no documents.
  std::shared_ptr<const DocumentDefinition> documents;
  // roles.yaml, or the roles the fields name when there is none.
  std::vector<std::shared_ptr<const RoleDefinition>> roles;
  // actions.yaml: the kinds of work done on cases; none without it.
  std::vector<std::shared_ptr<const ActionType>> actionTypes;
  // macros.yaml: the macros bound to the types' events; none without it.
  std::vector<std::shared_ptr<const MacroBinding>> macros;
  // tasks.yaml: the tasks run on records; none without it.
  std::vector<std::shared_ptr<const TaskDefinition>> tasks;
  // reports.yaml: the reports people run; none without it.
  std::vector<std::shared_ptr<const ReportDefinition>> reports;
  const MacroBinding* macroFor(std::string_view event, EntityKind kind,
                               std::string_view typeRef) const;

  const EntityType* find(EntityKind kind, std::string_view ref) const;
  std::vector<const EntityType*> ofKind(EntityKind kind) const;
  const RoleDefinition* role(std::string_view code) const;  // null when not defined
  // The groups a user belongs to, "everyone" included: groups.yaml's and those granted.
  std::set<std::string> groupsOf(std::string_view username) const;
};

}  // namespace dossier::types
