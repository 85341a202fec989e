#include "types/layout_components.hpp"

#include <optional>

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>

#include "types/field_values.hpp"
#include "types/layout_facts.hpp"

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

// A fact of the record, shown read-only. The type's own id is written in as its value, with the
// type's name as the one option that names it; the other facts are a hole to fill per record.
json::object factComponent(const types::EntityType& type, const LayoutNode& node,
                           std::optional<ComponentValue>& hole) {
  const auto* fact = findLayoutFact(node.fact);
  json::object out;
  out["id"] = node.id;
  out["type"] = fact->componentType;
  out["label"] = node.label.empty() ? fact->label : node.label;
  out["readonly"] = true;
  out["fact"] = fact->name;
  if (fact->sameForEveryRecord) {
    out["options"] = json::array{json::object{{"textField", type.name}, {"valueField", type.ref}}};
    out["value"] = type.ref;
  } else {
    hole = ComponentValue{fact->name, {}};
  }
  sizing(node, out);
  return out;
}

// A text of the layout: written in when it names nothing, a hole to fill per record otherwise.
json::object textComponent(const LayoutNode& node, std::optional<ComponentValue>& hole) {
  json::object out;
  out["id"] = node.id;
  out["type"] = node.type;
  out["label"] = node.label;
  out["readonly"] = true;
  if (node.text.find('{') == std::string::npos) {
    out["value"] = node.text;
  } else {
    hole = ComponentValue{{}, node.text};
  }
  sizing(node, out);
  return out;
}

// A component without its children (containers and views) and without a value to fill.
json::object ownPart(const types::EntityType& type, const LayoutNode& node, bool readOnly,
                     std::optional<ComponentValue>& hole) {
  if (!node.field.empty()) {
    auto out = fieldComponent(*type.field(node.field), node.id, readOnly || node.readOnly);
    sizing(node, out);
    return out;
  }
  if (!node.fact.empty()) {
    return factComponent(type, node, hole);
  }
  if (node.type == "Text") {
    return textComponent(node, hole);
  }
  json::object out;
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
  return out;
}

bool hasChildren(const LayoutNode& node) {
  return node.field.empty() && node.fact.empty() && node.type != "Text";
}

// Writes one component as JSON text at the end of out, opening a new part after each hole.
void write(const types::EntityType& type, const LayoutNode& node, bool readOnly,
           PreparedComponents& out) {
  std::optional<ComponentValue> hole;
  auto text = json::serialize(ownPart(type, node, readOnly, hole));
  text.pop_back();  // the closing brace: a value or the children follow
  out.parts.back() += text;
  if (hole) {
    out.parts.back() += ",\"value\":";
    out.values.push_back(std::move(*hole));
    out.parts.emplace_back();
  }
  if (hasChildren(node)) {
    out.parts.back() += ",\"children\":[";
    for (std::size_t i = 0; i < node.children.size(); ++i) {
      if (i > 0) {
        out.parts.back() += ',';
      }
      write(type, node.children[i], readOnly || node.readOnly, out);
    }
    out.parts.back() += ']';
  }
  out.parts.back() += '}';
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

PreparedComponents prepareComponents(const types::EntityType& type, bool readOnlyForm) {
  PreparedComponents out;
  out.parts.emplace_back("[");
  for (std::size_t i = 0; i < type.layout.size(); ++i) {
    if (i > 0) {
      out.parts.back() += ',';
    }
    write(type, type.layout[i], readOnlyForm, out);
  }
  out.parts.back() += ']';
  return out;
}

}  // namespace dossier::types
