#include "types/task_definitions.hpp"

#include <algorithm>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>

#include "core/yaml_reader.hpp"
#include "docgen/office_template.hpp"
#include "types/config_identifier.hpp"
#include "types/macro_bindings.hpp"

namespace dossier::types {

namespace {

// A file of the environment's templates/ folder named at item's key.
std::optional<std::string> readTemplateFile(const std::filesystem::path& environmentFolder,
                                            const std::string& name, YamlReader& item,
                                            std::string_view key) {
  if (name.find('/') != std::string::npos || name.starts_with(".")) {
    item.error(key, "name a file of the templates folder, without a path");
    return std::nullopt;
  }
  const auto path = environmentFolder / "templates" / name;
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    item.error(key, "there is no file " + path.string());
    return std::nullopt;
  }
  std::ostringstream content;
  content << in.rdbuf();
  return content.str();
}

void readTemplate(const std::filesystem::path& environmentFolder, TaskStepDefinition& step,
                  YamlReader& item, ConfigErrors& errors) {
  auto content = readTemplateFile(environmentFolder, step.templateFile, item, "template");
  if (!content) {
    return;
  }
  const auto path = environmentFolder / "templates" / step.templateFile;
  step.templateContent = std::move(*content);
  if (auto problem = docgen::officeTemplateProblem(step.templateContent)) {
    errors.add({path.string(), "", 0, "this template cannot be filled: " + *problem});
  }
  if (step.documentTitle.empty()) {
    step.documentTitle = step.displayName;
  }
}

}  // namespace

bool TaskDefinition::isOn(const EntityType& type) const {
  return std::find(on.begin(), on.end(), &type) != on.end();
}

const TaskStepDefinition* TaskDefinition::step(std::string_view id) const {
  for (const auto& each : steps) {
    if (each.id == id) {
      return &each;
    }
  }
  return nullptr;
}

std::vector<std::shared_ptr<const TaskDefinition>> readTaskDefinitions(
    const std::filesystem::path& environmentFolder, const Catalog& catalog, ConfigErrors& errors) {
  std::vector<std::shared_ptr<const TaskDefinition>> tasks;
  const auto file = environmentFolder / "tasks.yaml";
  if (!std::filesystem::exists(file)) {
    return tasks;
  }
  auto root = YamlReader::loadFile(file, file.string(), errors);
  if (!root) {
    return tasks;
  }
  root->allowOnly({"tasks"});
  std::set<std::string> ids;
  root->list("tasks", [&](YamlReader& item, std::size_t) {
    item.allowOnly({"id", "displayName", "types", "taskTypes", "rememberWhenComplete", "steps"});
    auto task = std::make_shared<TaskDefinition>();
    task->id = item.requiredString("id");
    if (!task->id.empty() && !isConfigIdentifier(task->id)) {
      item.error("id", "a task's id is letters, digits, - and _ (at most 60)");
    } else if (!task->id.empty() && !ids.insert(task->id).second) {
      item.error("id", "the task " + task->id + " is defined twice");
    }
    task->displayName = item.requiredString("displayName");
    task->rememberWhenComplete = item.boolean("rememberWhenComplete", false);
    task->taskTypes = item.stringList("taskTypes");
    if (task->taskTypes.empty()) {
      task->taskTypes = {"General"};
    }
    for (const auto& kind : task->taskTypes) {
      if (kind != "General" && kind != "Document" && kind != "Email") {
        item.error("taskTypes", "'" + kind + "' is not a task type (General, Document or Email)");
      }
    }
    for (const auto& ref : item.stringList("types")) {
      const auto* type = catalog.find(EntityKind::Case, ref);
      if (type == nullptr) {
        type = catalog.find(EntityKind::Person, ref);
      }
      if (type == nullptr) {
        item.error("types", "'" + ref + "' is not a case or person type");
      } else {
        task->on.push_back(type);
      }
    }
    if (task->on.empty() && !item.has("types")) {
      item.error("types", "name the case or person types the task runs on");
    }
    std::set<std::string> stepIds;
    item.list("steps", [&](YamlReader& stepItem, std::size_t index) {
      stepItem.allowOnly({"id", "displayName", "requirePreviousComplete", "allowManyTimes",
                          "allowUserStart", "macro", "template", "title", "email"});
      TaskStepDefinition step;
      step.id = stepItem.requiredString("id");
      if (!step.id.empty() && !isConfigIdentifier(step.id)) {
        stepItem.error("id", "a step's id is letters, digits, - and _ (at most 60)");
      } else if (!step.id.empty() && !stepIds.insert(step.id).second) {
        stepItem.error("id", "the step " + step.id + " is in this task twice");
      }
      step.displayName = stepItem.requiredString("displayName");
      step.requirePreviousComplete = stepItem.boolean("requirePreviousComplete", false);
      if (step.requirePreviousComplete && index == 0) {
        stepItem.error("requirePreviousComplete", "the first step has no step before it");
      }
      step.allowManyTimes = stepItem.boolean("allowManyTimes", false);
      step.allowUserStart = stepItem.boolean("allowUserStart", false);
      step.macro = stepItem.string("macro");
      step.templateFile = stepItem.string("template");
      step.documentTitle = stepItem.string("title");
      if (!step.templateFile.empty()) {
        readTemplate(environmentFolder, step, stepItem, errors);
      } else if (!step.documentTitle.empty()) {
        stepItem.error("title", "a title names the document a template makes: add template");
      }
      if (auto email = stepItem.mapping("email")) {
        email->allowOnly({"to", "subject", "body", "html"});
        step.emailTo = email->requiredString("to");
        step.emailSubject = email->requiredString("subject");
        step.emailBodyFile = email->requiredString("body");
        if (!step.emailBodyFile.empty()) {
          if (auto text = readTemplateFile(environmentFolder, step.emailBodyFile, *email, "body")) {
            step.emailBody = std::move(*text);
          }
        }
        step.emailHtmlFile = email->string("html");
        if (!step.emailHtmlFile.empty()) {
          if (!step.emailHtmlFile.ends_with(".html") && !step.emailHtmlFile.ends_with(".htm")) {
            email->error("html", "the HTML body is an .html file of the templates folder");
          } else if (auto html =
                         readTemplateFile(environmentFolder, step.emailHtmlFile, *email, "html")) {
            step.emailHtml = std::move(*html);
          }
        }
      }
      if (!step.macro.empty()) {
        if (auto source =
                readMacroScript(environmentFolder, step.macro, stepItem, "macro", errors)) {
          step.macroSource = std::move(*source);
        }
      } else if (!step.allowUserStart && !step.completeIfMacroOk()) {
        stepItem.error("allowUserStart",
                       "a step without a macro is done by the person: it needs allowUserStart: "
                       "true");
      }
      task->steps.push_back(std::move(step));
    });
    if (task->steps.empty() && !task->id.empty()) {
      item.error("steps", "a task has at least one step");
    }
    const bool generates = std::any_of(task->steps.begin(), task->steps.end(),
                                       [](const auto& step) { return !step.templateFile.empty(); });
    const bool document = std::find(task->taskTypes.begin(), task->taskTypes.end(), "Document") !=
                          task->taskTypes.end();
    if (document && !generates) {
      item.error("taskTypes", "a Document task fills a template in one of its steps (template)");
    }
    const bool sends = std::any_of(task->steps.begin(), task->steps.end(),
                                   [](const auto& step) { return !step.emailBodyFile.empty(); });
    const bool email =
        std::find(task->taskTypes.begin(), task->taskTypes.end(), "Email") != task->taskTypes.end();
    if (email && !sends) {
      item.error("taskTypes", "an Email task sends an e-mail in one of its steps (email)");
    }
    if ((generates || sends) &&
        std::any_of(task->on.begin(), task->on.end(),
                    [](const EntityType* type) { return type->kind != EntityKind::Case; })) {
      item.error("types",
                 "a task that makes documents runs on case types only: documents "
                 "belong to cases");
    }
    tasks.push_back(std::move(task));
  });
  return tasks;
}

}  // namespace dossier::types
