#pragma once

#include <string>
#include <vector>

#include <boost/json/value.hpp>

namespace dossier::types {

// What a layout component's value is made from, when it differs from record to record: one of the
// record's facts (layout_facts.hpp), or a Text component's template.
struct ComponentValue {
  std::string fact;          // "createdAt"; empty for a Text
  std::string textTemplate;  // "Received on {receivedOn}"; empty for a fact
};

// A form's layout components as JSON text made once, with a hole where each component's value
// differs from record to record: parts[0] value[0] parts[1] … value[n-1] parts[n]. A form load
// fills the holes instead of building the components again (a hot path: docs/performance.md).
struct PreparedComponents {
  std::vector<std::string> parts;
  std::vector<ComponentValue> values;

  bool ready() const { return !parts.empty(); }
  // The components with values.size() values, in order, in their holes.
  std::string fill(const std::vector<boost::json::value>& valuesInOrder) const;
};

}  // namespace dossier::types
