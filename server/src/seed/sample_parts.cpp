#include <algorithm>

#include "alternatenames/alternate_name_service.hpp"
#include "alternatenames/alternate_names.hpp"
#include "core/clock.hpp"
#include "crossreferences/cross_references.hpp"
#include "db/connection.hpp"
#include "environments/environment.hpp"
#include "records/audit.hpp"
#include "records/case_actions.hpp"
#include "records/comments.hpp"
#include "records/role_links.hpp"
#include "records/role_rules.hpp"
#include "seed/sample_store.hpp"
#include "tasks/task_runs.hpp"
#include "types/action_types.hpp"
#include "types/form_validation.hpp"
#include "types/rich_text.hpp"
#include "types/role_definition.hpp"
#include "types/task_definitions.hpp"

namespace dossier::seed {

namespace json = boost::json;
using types::EntityKind;

namespace {

Status storeAlternateNames(SampleStore& store, const SampleRecord& sample,
                           const records::Record& record) {
  for (const auto& given : sample.alternateNames) {
    alternatenames::AlternateName name;
    name.personId = record.id;
    name.firstName = given.firstName;
    name.middleNames = given.middleNames;
    name.surname = given.surname;
    name.displayName =
        given.displayName.empty() ? alternatenames::calculatedDisplayName(name) : given.displayName;
    name.explanation = given.explanation;
    if (const auto problems = alternatenames::problemsOf(name); !problems.empty()) {
      return store.problem(given.path, problems.begin()->first + ": " + problems.begin()->second);
    }
    alternatenames::addAlternateName(store.db, name, store.actor, store.now);
  }
  return {};
}

// "2026-10-03" (the start of that day) or "2026-10-03T09:20:00Z", as UTC.
std::optional<std::string> asAtOf(const std::string& text) {
  const auto time = parseIsoTime(text.size() == 10 ? text + "T00:00:00Z" : text);
  return time ? std::optional(formatIsoTime(*time)) : std::nullopt;
}

Status storeComments(SampleStore& store, const SampleRecord& sample,
                     const records::Record& record) {
  for (const auto& given : sample.comments) {
    records::Comment comment;
    comment.ownerKind = record.kind;
    comment.ownerId = record.id;
    comment.html = types::sanitizeRichText(given.html);
    comment.text = types::richTextToPlain(comment.html);
    if (comment.text.empty()) {
      return store.problem(given.path + ".text", "a comment says something");
    }
    if (!given.asAt.empty()) {
      const auto asAt = asAtOf(given.asAt);
      if (!asAt) {
        return store.problem(given.path + ".asAt", "'" + given.asAt +
                                                       "' is not a date (2026-10-03) or a time "
                                                       "(2026-10-03T09:20:00Z)");
      }
      comment.asAt = *asAt;
    }
    records::addComment(store.db, comment, store.actor, store.now);
  }
  return {};
}

// Roles held on the sample (it is the parent): those its Roles views list. A role a field of its
// form holds is given in values, as the form gives it.
Status storeRoles(SampleStore& store, const SampleRecord& sample, const records::Record& record) {
  const auto& catalog = store.environment.catalog();
  const auto* type = catalog.find(record.kind, record.typeRef);
  for (const auto& given : sample.roles) {
    const auto* role = catalog.role(given.role);
    if (role == nullptr || !role->isOn(*type)) {
      return store.problem(given.path + ".role",
                           "a " + type->name + " has no role '" + given.role + "' (roles.yaml)");
    }
    if (std::any_of(type->fields.begin(), type->fields.end(),
                    [&](const auto& field) { return field.role == role->code; })) {
      return store.problem(given.path + ".role", "the " + role->name + " of a " + type->name +
                                                     " is a field of its form: give it in values");
    }
    auto holder = store.find(given.holder.kind, given.holder.key, given.path);
    if (!holder) {
      return std::move(holder).error();
    }
    const auto* holderType = catalog.find((*holder)->kind, (*holder)->typeRef);
    if (auto refused = records::holderRefused(*role, *holderType)) {
      return store.problem(given.path, refused->message);
    }
    records::RoleLink link;
    link.roleCode = role->code;
    link.roleName = role->name;
    link.parentKind = record.kind;
    link.parentId = record.id;
    link.holderKind = (*holder)->kind;
    link.holderId = (*holder)->id;
    if (!records::addLink(store.db, link, store.actor, store.now)) {
      return store.problem(given.path, "this one holds the role already");
    }
  }
  return {};
}

Status storeCrossReferences(SampleStore& store, const SampleRecord& sample,
                            const records::Record& record) {
  for (const auto& given : sample.crossReferences) {
    auto other = store.find(EntityKind::Case, given.caseKey, given.path + ".case");
    if (!other) {
      return std::move(other).error();
    }
    if ((*other)->id == record.id) {
      return store.problem(given.path + ".case", "a case is not cross-referenced with itself");
    }
    if (given.comments.size() > crossreferences::kCommentsLimit) {
      return store.problem(
          given.path + ".comments",
          "at most " + std::to_string(crossreferences::kCommentsLimit) + " characters");
    }
    if (crossreferences::findBetween(store.db, record.id, (*other)->id)) {
      return store.problem(given.path, "these two cases are cross-referenced already");
    }
    crossreferences::CrossReference link;
    link.fromCaseId = record.id;
    link.toCaseId = (*other)->id;
    link.comments = given.comments;
    crossreferences::addCrossReference(store.db, link, store.actor, store.now);
  }
  return {};
}

Status storeActions(SampleStore& store, const SampleRecord& sample, const records::Record& record) {
  const auto& catalog = store.environment.catalog();
  const auto* caseType = catalog.find(record.kind, record.typeRef);
  for (const auto& given : sample.actions) {
    const types::ActionType* type = nullptr;
    for (const auto& each : catalog.actionTypes) {
      if (each->code == given.type && each->isOn(*caseType)) {
        type = each.get();
      }
    }
    if (type == nullptr) {
      return store.problem(given.path + ".type", "a " + caseType->name + " has no action '" +
                                                     given.type + "' (actions.yaml)");
    }
    auto checked =
        types::validateForm(*type->form, given.values, types::defaultValues(*type->form));
    if (!checked || !checked->fieldErrors.empty()) {
      std::string problems = checked ? "" : checked.error().message;
      if (checked) {
        for (const auto& [field, message] : checked->fieldErrors) {
          problems += (problems.empty() ? "" : "; ") + field + ": " + message;
        }
      }
      return store.problem(given.path + ".values", problems);
    }
    records::CaseAction action;
    action.caseId = record.id;
    action.typeCode = type->code;
    action.values = std::move(checked->values);
    records::addAction(store.db, action, type->name, store.actor, store.now);
    for (const auto& key : given.concerns) {
      auto other = store.find(EntityKind::Case, key, given.path + ".concerns");
      if (!other) {
        return std::move(other).error();
      }
      if ((*other)->id == record.id) {
        return store.problem(given.path + ".concerns", "an action concerns its own case already");
      }
      records::relateCase(store.db, action, (*other)->id, true, store.actor, store.now);
    }
  }
  return {};
}

// A task started, with some of its steps complete, as the task bar leaves it.
Status storeTasks(SampleStore& store, const SampleRecord& sample, const records::Record& record) {
  const auto& catalog = store.environment.catalog();
  const auto* type = catalog.find(record.kind, record.typeRef);
  for (const auto& given : sample.tasks) {
    const types::TaskDefinition* task = nullptr;
    for (const auto& each : catalog.tasks) {
      if (each->id == given.task && each->isOn(*type)) {
        task = each.get();
      }
    }
    if (task == nullptr) {
      return store.problem(given.path + ".task",
                           "a " + type->name + " has no task '" + given.task + "' (tasks.yaml)");
    }
    tasks::startRun(store.db, record.kind, record.id, *task, store.actor.displayName, store.now);
    records::appendActivity(store.db, record.kind, record.id, "task.started",
                            json::object{{"task", task->displayName}}, store.actor, store.now);
    for (std::size_t i = 0; i < task->steps.size(); ++i) {
      const auto& step = task->steps[i];
      if (std::find(given.done.begin(), given.done.end(), step.id) == given.done.end()) {
        continue;
      }
      if (step.requirePreviousComplete && i > 0 &&
          std::find(given.done.begin(), given.done.end(), task->steps[i - 1].id) ==
              given.done.end()) {
        return store.problem(given.path + ".done", "the step '" + step.id + "' waits for '" +
                                                       task->steps[i - 1].id + "' to be complete");
      }
      tasks::setStep(store.db, record.kind, record.id, task->id, step.id, 'N', 'C', "",
                     store.actor.displayName, store.now);
      records::appendActivity(
          store.db, record.kind, record.id, "task.step",
          json::object{{"task", task->displayName}, {"step", step.displayName}, {"message", ""}},
          store.actor, store.now);
    }
    for (const auto& id : given.done) {
      if (task->step(id) == nullptr) {
        return store.problem(given.path + ".done",
                             "the task '" + task->id + "' has no step '" + id + "'");
      }
    }
    if (given.done.size() >= task->steps.size()) {
      return store.problem(given.path + ".done", "a task run part of the way leaves a step to do");
    }
    records::markPartChanged(store.db, record.kind, record.id, records::RecordPart::Tasks,
                             store.now);
  }
  return {};
}

}  // namespace

Status storeParts(SampleStore& store, const SampleRecord& sample, const records::Record& record) {
  for (const auto& storePart : {storeAlternateNames, storeComments, storeRoles,
                                storeCrossReferences, storeActions, storeTasks}) {
    if (auto stored = storePart(store, sample, record); !stored) {
      return stored;
    }
  }
  return {};
}

}  // namespace dossier::seed
