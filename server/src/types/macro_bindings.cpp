#include "types/macro_bindings.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "core/yaml_reader.hpp"
#include "sandbox/lua_sandbox.hpp"

namespace dossier::types {

std::vector<MacroBinding> readMacroBindings(const std::filesystem::path& environmentFolder,
                                            const Catalog& catalog, ConfigErrors& errors) {
  std::vector<MacroBinding> bindings;
  const auto file = environmentFolder / "macros.yaml";
  if (!std::filesystem::exists(file)) {
    return bindings;
  }
  auto root = YamlReader::loadFile(file, file.string(), errors);
  if (!root) {
    return bindings;
  }
  root->allowOnly({"macros"});
  root->list("macros", [&](YamlReader& item, std::size_t) {
    item.allowOnly({"event", "type", "script"});
    MacroBinding binding;
    binding.event = item.requiredString("event");
    if (!binding.event.empty() &&
        std::find(kMacroEvents.begin(), kMacroEvents.end(), binding.event) == kMacroEvents.end()) {
      item.error("event",
                 "'" + binding.event +
                     "' is not an event a macro can run on (beforeSave, afterSave or formClose)");
    }
    binding.typeRef = item.requiredString("type");
    if (const auto* type = catalog.find(EntityKind::Case, binding.typeRef)) {
      binding.kind = EntityKind::Case;
      binding.typeRef = type->ref;
    } else if (const auto* person = catalog.find(EntityKind::Person, binding.typeRef)) {
      binding.kind = EntityKind::Person;
      binding.typeRef = person->ref;
    } else if (!binding.typeRef.empty()) {
      item.error("type", "'" + binding.typeRef + "' is not a case or person type");
    }
    binding.script = item.requiredString("script");
    if (binding.script.find('/') != std::string::npos || binding.script.starts_with(".")) {
      item.error("script", "name a file of the macros folder, without a path");
      return;
    }
    const auto path = environmentFolder / "macros" / binding.script;
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      item.error("script", "there is no file " + path.string());
      return;
    }
    std::ostringstream text;
    text << in.rdbuf();
    binding.source = text.str();
    // A macro that does not compile stops the start, with its file and line.
    if (auto problem = sandbox::compileError(binding.script, binding.source)) {
      errors.add({path.string(), "", 0, *problem});
    }
    for (const auto& other : bindings) {
      if (other.event == binding.event && other.kind == binding.kind &&
          other.typeRef == binding.typeRef) {
        item.error("type",
                   "a " + binding.event + " macro of " + binding.typeRef + " is bound already");
      }
    }
    bindings.push_back(std::move(binding));
  });
  return bindings;
}

const MacroBinding* Catalog::macroFor(std::string_view event, EntityKind kind,
                                      std::string_view typeRef) const {
  for (const auto& binding : macros) {
    if (binding->event == event && binding->kind == kind && binding->typeRef == typeRef) {
      return binding.get();
    }
  }
  return nullptr;
}

}  // namespace dossier::types
