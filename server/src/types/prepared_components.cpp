#include "types/prepared_components.hpp"

#include <boost/json/serialize.hpp>

namespace dossier::types {

std::string PreparedComponents::fill(const std::vector<boost::json::value>& valuesInOrder) const {
  if (parts.empty()) {
    return "[]";
  }
  std::size_t size = 0;
  for (const auto& part : parts) {
    size += part.size();
  }
  std::string text;
  text.reserve(size + 64 * values.size());
  text += parts.front();
  for (std::size_t i = 1; i < parts.size(); ++i) {
    text += i - 1 < valuesInOrder.size() ? boost::json::serialize(valuesInOrder[i - 1]) : "null";
    text += parts[i];
  }
  return text;
}

}  // namespace dossier::types
