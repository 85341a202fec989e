#include "types/layout_facts.hpp"

#include <array>
#include <string>

namespace dossier::types {

namespace {

constexpr std::array<LayoutFact, 8> kFacts{{
    {"caseNumber", "Case number", "TextField", EntityKind::Case, false},
    {"personId", "Person id", "TextField", EntityKind::Person, false},
    {"caseType", "Case type", "ChoiceField", EntityKind::Case, true},
    {"personType", "Person type", "ChoiceField", EntityKind::Person, true},
    {"createdBy", "Created by", "TextField", std::nullopt, false},
    {"createdAt", "Created on", "DateTimeField", std::nullopt, false},
    {"modifiedBy", "Modified by", "TextField", std::nullopt, false},
    {"modifiedAt", "Modified on", "DateTimeField", std::nullopt, false},
}};

}  // namespace

const LayoutFact* findLayoutFact(std::string_view name) {
  for (const auto& fact : kFacts) {
    if (name == fact.name) {
      return &fact;
    }
  }
  return nullptr;
}

std::string layoutFactNames() {
  std::string out;
  for (const auto& fact : kFacts) {
    out += (out.empty() ? "" : ", ") + std::string(fact.name);
  }
  return out;
}

}  // namespace dossier::types
