#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "core/config_errors.hpp"
#include "types/entity_type.hpp"

namespace dossier::types {

// One step of a task (spec 2 §3 "Task"): done by the person (allowUserStart), or by a macro of the
// environment that completes it when it runs without error or refusal (completeIfMacroOk).
struct TaskStepDefinition {
  std::string id;
  std::string displayName;
  bool requirePreviousComplete = false;
  bool allowManyTimes = false;
  bool allowUserStart = false;
  std::string macro;  // a script of macros/; empty: the person completes the step
  std::string macroSource;
  // A Word or OpenDocument template of templates/ the step fills with the record's values and files
  // as a new document of the case, titled documentTitle (which may hold {{placeholders}} too).
  std::string templateFile;
  std::string templateContent;
  std::string documentTitle;
  // An e-mail the step sends through the environment's relay and keeps as an .eml document of the
  // case: to, subject and the body (a text file of templates/), each with {{placeholders}}, and
  // optionally the body as HTML too (an .html file of templates/).
  std::string emailTo;
  std::string emailSubject;
  std::string emailBodyFile;
  std::string emailBody;
  std::string emailHtmlFile;
  std::string emailHtml;

  // The server does the step (its macro, its document), and it is complete when that works.
  bool completeIfMacroOk() const {
    return !macro.empty() || !templateFile.empty() || !emailBodyFile.empty();
  }
};

// A task run on records of some types (tasks.yaml): its steps in order.
struct TaskDefinition {
  std::string id;
  std::string displayName;
  std::vector<std::string> taskTypes;  // General; Document and Email come with their generation
  bool rememberWhenComplete = false;
  std::vector<const EntityType*> on;
  std::vector<TaskStepDefinition> steps;

  bool isOn(const EntityType& type) const;
  const TaskStepDefinition* step(std::string_view id) const;
};

// Reads tasks.yaml, whose types must already be in the catalog.
std::vector<std::shared_ptr<const TaskDefinition>> readTaskDefinitions(
    const std::filesystem::path& environmentFolder, const Catalog& catalog, ConfigErrors& errors);

}  // namespace dossier::types
