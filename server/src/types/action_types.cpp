#include "types/action_types.hpp"

#include <algorithm>

#include "core/yaml_reader.hpp"
#include "types/field_reader.hpp"
#include "types/layout_components.hpp"

namespace dossier::types {

namespace {

std::vector<FieldDef> standardFields() {
  FieldDef subject;
  subject.id = kActionSubject;
  subject.type = FieldType::Text;
  subject.label = "Subject";
  subject.mandatory = true;
  subject.maxLength = 200;
  FieldDef at;
  at.id = kActionAt;
  at.type = FieldType::DateTime;
  at.label = "When";
  at.mandatory = true;
  FieldDef done;
  done.id = kActionDone;
  done.type = FieldType::YesNo;
  done.label = "Done";
  done.defaultValue = false;
  FieldDef notes;
  notes.id = kActionNotes;
  notes.type = FieldType::MultiLineText;
  notes.label = "Notes";
  notes.maxLength = 4000;
  return {subject, at, done, notes};
}

}  // namespace

bool ActionType::isOn(const EntityType& caseType) const {
  return std::find(on.begin(), on.end(), &caseType) != on.end();
}

std::vector<std::shared_ptr<const ActionType>> readActionTypes(const std::filesystem::path& file,
                                                               const std::string& display,
                                                               const Catalog& catalog,
                                                               ConfigErrors& errors) {
  std::vector<std::shared_ptr<const ActionType>> types;
  auto root = YamlReader::loadFile(file, display, errors);
  if (!root) {
    return types;
  }
  root->allowOnly({"actionTypes"});
  root->list("actionTypes", [&](YamlReader& item, std::size_t) {
    item.allowOnly({"code", "name", "on", "fields"});
    auto type = std::make_shared<ActionType>();
    type->code = item.requiredString("code");
    if (!type->code.empty() && !isName(type->code, 30)) {
      item.error("code",
                 "must start with a letter and hold only letters, digits and _ (at most 30)");
    }
    for (const auto& other : types) {
      if (other->code == type->code) {
        item.error("code", "'" + type->code + "' is defined twice");
      }
    }
    type->name = item.requiredString("name");
    for (const auto& ref : item.stringList("on")) {
      if (const auto* caseType = catalog.find(EntityKind::Case, ref)) {
        type->on.push_back(caseType);
      } else {
        item.error("on", "'" + ref + "' is not a case type");
      }
    }
    if (type->on.empty() && !item.has("on")) {
      item.error("on", "is required: the case types that have this action");
    }
    auto form = std::make_shared<EntityType>();
    form->kind = EntityKind::Case;
    form->ref = type->code;
    form->name = type->name;
    form->formId = "caseaction-" + type->code;
    form->fields = standardFields();
    item.list("fields", [&](YamlReader& fieldItem, std::size_t) {
      auto field = readField(fieldItem);
      if (field.type == FieldType::PersonPicker || field.type == FieldType::CasePicker) {
        fieldItem.error("type", "an action's own fields hold values, not links to records");
      }
      if (form->field(field.id) != nullptr) {
        fieldItem.error("id", "'" + field.id + "' is a field of every action or used twice");
      }
      form->fields.push_back(std::move(field));
    });
    for (const auto& field : form->fields) {
      LayoutNode node;
      node.type = "field";
      node.id = field.id;
      node.field = field.id;
      form->layout.push_back(std::move(node));
    }
    form->preparedComponents = {prepareComponents(*form, false), prepareComponents(*form, true)};
    type->form = std::move(form);
    types.push_back(std::move(type));
  });
  return types;
}

}  // namespace dossier::types
