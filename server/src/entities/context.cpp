#include "entities/context.hpp"

namespace dossier::entities {

const Catalog& catalogOf(const environments::Environment& environment) {
  static const Catalog empty;
  const auto& catalog = environment.config().catalog;
  return catalog ? *catalog : empty;
}

std::optional<EntityKind> kindFromRoute(std::string_view word) {
  if (word == "case") {
    return EntityKind::Case;
  }
  if (word == "person") {
    return EntityKind::Person;
  }
  return std::nullopt;
}

}  // namespace dossier::entities
