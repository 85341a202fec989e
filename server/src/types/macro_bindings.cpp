#include "types/macro_bindings.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "core/yaml_reader.hpp"
#include "sandbox/lua_sandbox.hpp"

namespace dossier::types {

std::optional<std::string> readMacroScript(const std::filesystem::path& environmentFolder,
                                           const std::string& script, YamlReader& item,
                                           std::string_view key, ConfigErrors& errors) {
  if (script.empty()) {
    return std::nullopt;
  }
  if (script.find('/') != std::string::npos || script.starts_with(".")) {
    item.error(key, "name a file of the macros folder, without a path");
    return std::nullopt;
  }
  const auto path = environmentFolder / "macros" / script;
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    item.error(key, "there is no file " + path.string());
    return std::nullopt;
  }
  std::ostringstream text;
  text << in.rdbuf();
  // A macro that does not compile stops the start, with its file and line.
  if (auto problem = sandbox::compileError(script, text.str())) {
    errors.add({path.string(), "", 0, *problem});
  }
  return text.str();
}

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
    auto source = readMacroScript(environmentFolder, binding.script, item, "script", errors);
    if (!source) {
      return;
    }
    binding.source = std::move(*source);
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
