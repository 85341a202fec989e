#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/config_errors.hpp"
#include "core/yaml_reader.hpp"
#include "types/entity_type.hpp"

namespace dossier::types {

// A macro bound to an event of a type (macros.yaml): its script is read, and compiled to check it,
// when the configuration is loaded.
struct MacroBinding {
  std::string event;  // beforeSave, afterSave, formClose
  EntityKind kind = EntityKind::Case;
  std::string typeRef;
  std::string script;  // the file's name under macros/, as messages name it
  std::string source;
};

// The events a macro can be bound to: before a save (it may change values, put messages on fields
// or refuse), after one (it may notify and alert), and when a form is about to close (it may
// refuse to let the person leave).
inline const std::vector<std::string> kMacroEvents = {"beforeSave", "afterSave", "formClose"};

// A script of the environment's macros/ folder, named in configuration at item's key: its text,
// compiled to check it (a problem is recorded with its file and line); nullopt, recorded, when the
// name is not a file of that folder.
std::optional<std::string> readMacroScript(const std::filesystem::path& environmentFolder,
                                           const std::string& script, YamlReader& item,
                                           std::string_view key, ConfigErrors& errors);

// Reads macros.yaml and the scripts it names from the environment's macros/ folder.
std::vector<MacroBinding> readMacroBindings(const std::filesystem::path& environmentFolder,
                                            const Catalog& catalog, ConfigErrors& errors);

}  // namespace dossier::types
