#include "types/visibility.hpp"

#include <functional>

#include "types/json_logic.hpp"

namespace dossier::types {

std::map<std::string, Placement> placeFields(const types::EntityType& type,
                                             const boost::json::object& values) {
  std::map<std::string, Placement> placements;
  for (const auto& field : type.fields) {
    placements[field.id] = Placement{false, field.readOnly};
  }
  const boost::json::value data(values);
  std::function<void(const types::LayoutNode&, bool, bool)> visit =
      [&](const types::LayoutNode& node, bool visible, bool readOnly) {
        const bool shown = visible && (node.visibleWhen.is_null() ||
                                       truthy(evaluateJsonLogic(node.visibleWhen, data)));
        const bool locked = readOnly || node.readOnly;
        if (!node.field.empty()) {
          auto& placement = placements[node.field];
          placement.visible = shown;
          placement.readOnly = placement.readOnly || locked;
        }
        for (const auto& child : node.children) {
          visit(child, shown, locked);
        }
      };
  for (const auto& node : type.layout) {
    visit(node, true, false);
  }
  return placements;
}

}  // namespace dossier::types
