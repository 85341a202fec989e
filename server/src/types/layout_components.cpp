#include "types/layout_components.hpp"

#include <boost/json/object.hpp>

#include "types/field_values.hpp"

namespace dossier::types {

namespace json = boost::json;

namespace {

void sizing(const LayoutNode& node, json::object& out) {
  if (node.minWidth) {
    out["minWidth"] = *node.minWidth;
  }
  if (node.maxWidth) {
    out["maxWidth"] = *node.maxWidth;
  }
  if (node.minHeight) {
    out["minHeight"] = *node.minHeight;
  }
  out["hiddenOnSmallDevice"] = node.hiddenOnSmallDevice;
  out["hiddenOnMediumDevice"] = node.hiddenOnMediumDevice;
  if (!node.visibleWhen.is_null()) {
    out["visibleWhen"] = node.visibleWhen;
  }
}

json::object component(const types::EntityType& type, const LayoutNode& node, bool readOnly) {
  json::object out;
  if (!node.field.empty()) {
    auto out = fieldComponent(*type.field(node.field), node.id, readOnly || node.readOnly);
    sizing(node, out);
    return out;
  }
  out["id"] = node.id;
  out["type"] = node.type;
  out["label"] = node.label;
  out["readonly"] = readOnly || node.readOnly;
  out["scrollable"] = node.scrollable;
  if (node.lateLoad) {
    out["lateLoad"] = true;
  }
  if (node.type == "Roles") {
    out["referenceCode"] = node.role;
    out["lookupEntityType"] = node.lookupEntityType;
  }
  if (node.type == "Section") {
    out["indent"] = node.indent;
    out["collapsed"] = node.collapsed;
  }
  sizing(node, out);
  json::array children;
  for (const auto& child : node.children) {
    children.push_back(component(type, child, readOnly || node.readOnly));
  }
  out["children"] = std::move(children);
  return out;
}

}  // namespace

json::object fieldComponent(const FieldDef& field, const std::string& id, bool readOnly) {
  json::object out;
  out["id"] = id;
  out["type"] = componentType(field.type);
  out["label"] = field.label;
  out["referenceCode"] = field.id;
  out["readonly"] = readOnly || field.readOnly;
  out["mandatory"] = field.mandatory;
  if (!field.tooltip.empty()) {
    out["tooltip"] = field.tooltip;
  }
  const bool text = field.type == FieldType::Text || field.type == FieldType::MultiLineText ||
                    field.type == FieldType::RichText;
  if (text) {
    out["maxLength"] = field.maxLength > 0 ? field.maxLength : defaultMaxLength(field.type);
  }
  if (field.minimum) {
    out["minimum"] = *field.minimum;
  }
  if (field.maximum) {
    out["maximum"] = *field.maximum;
  }
  if (!field.options.empty()) {
    json::array options;
    for (const auto& option : field.options) {
      options.push_back(json::object{{"textField", option.text}, {"valueField", option.value}});
    }
    out["options"] = std::move(options);
  }
  if (!field.role.empty()) {
    out["role"] = field.role;
    out["lookupEntityType"] = field.lookupEntityType;
  }
  out["errorMessage"] = nullptr;
  // A form's layout says where a field is hidden; a field shown on its own is hidden nowhere.
  out["hiddenOnSmallDevice"] = false;
  out["hiddenOnMediumDevice"] = false;
  return out;
}

json::array buildComponents(const types::EntityType& type, bool readOnlyForm) {
  json::array components;
  for (const auto& node : type.layout) {
    components.push_back(component(type, node, readOnlyForm));
  }
  return components;
}

}  // namespace dossier::types
