#include "tasks/task_actions.hpp"

#include <chrono>
#include <map>

#include <spdlog/spdlog.h>

#include "api/generated_documents.hpp"
#include "db/connection.hpp"
#include "db/pool.hpp"
#include "docgen/word_template.hpp"
#include "environments/environment.hpp"
#include "mail/smtp.hpp"
#include "records/access.hpp"
#include "records/audit.hpp"
#include "records/macro_runs.hpp"
#include "records/notifications.hpp"
#include "types/field_values.hpp"
#include "types/task_definitions.hpp"

namespace dossier::tasks {

namespace json = boost::json;

namespace {

struct Target {
  records::RecordAccess found;
  const types::TaskDefinition* task = nullptr;
};

Error noTask(std::string_view taskId, const records::RecordAccess& found) {
  return Error::notFound("task.not_found", "There is no task '" + std::string(taskId) + "' for " +
                                               found.record.identifier() + ".");
}

// The record (404 when it cannot be seen) and, when named, its task; to change it the person needs
// the right to change the record.
Result<Target> targetOf(db::Connection& db, const types::Catalog& catalog,
                        const api::Session& session, types::EntityKind kind,
                        std::string_view identifier, std::string_view taskId, bool change) {
  auto found = records::recordAccess(db, catalog, kind, identifier, session.username);
  if (!found || !found->visible() || found->type == nullptr) {
    return records::recordNotFound(kind, identifier);
  }
  Target target{std::move(*found), nullptr};
  if (!taskId.empty()) {
    for (const auto& task : catalog.tasks) {
      if (task->id == taskId && task->isOn(*target.found.type)) {
        target.task = task.get();
      }
    }
    if (target.task == nullptr) {
      return noTask(taskId, target.found);
    }
  }
  if (change && !target.found.access.canModify) {
    if (!target.found.access.readOnlyReason.empty()) {
      return Error::conflict("record.read_only", target.found.access.readOnlyReason);
    }
    return Error::forbidden("task.run_denied", "You are not allowed to run tasks on this " +
                                                   target.found.type->name + ".");
  }
  return target;
}

std::vector<char> statusesOf(const std::vector<StepRow>& steps) {
  std::vector<char> statuses;
  for (const auto& step : steps) {
    statuses.push_back(step.status);
  }
  return statuses;
}

void notify(db::Connection& db, const api::Session& session, const records::Record& record,
            std::string type, std::string message, TimePoint now) {
  records::Notification notification;
  notification.userId = session.userId;
  notification.type = std::move(type);
  notification.message = std::move(message);
  notification.entityKind = types::kindName(record.kind);
  notification.entityIdentifier = record.identifier();
  notification.source = "task";
  records::addNotification(db, std::move(notification), now);
}

// One run of a step's macro, audited; what it said when it did not complete the step.
struct StepOutcome {
  bool ok = false;
  std::string message;
  std::vector<sandbox::MacroNotice> notifications;
  std::vector<sandbox::MacroNotice> alerts;
};

StepOutcome runMacroStep(db::Pool& pool, const types::TaskDefinition& task,
                         const types::TaskStepDefinition& step, const api::Session& session,
                         const records::Record& record, const types::EntityType& type) {
  auto values = record.values;
  if (record.kind == types::EntityKind::Case) {
    values["status"] = record.status;
  }
  const auto started = std::chrono::steady_clock::now();
  auto outcome =
      sandbox::runMacro(step.macro, step.macroSource,
                        {"taskStep", values, session.displayName, false, record.identifier()});
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::steady_clock::now() - started)
                      .count();
  StepOutcome result;
  if (!outcome) {
    result.message = outcome.error().message;
  } else if (outcome->refusal) {
    result.message = *outcome->refusal;
  } else {
    result.ok = true;
  }
  if (outcome) {
    result.notifications = std::move(outcome->notifications);
    result.alerts = std::move(outcome->alerts);
  }
  const auto label = !outcome ? "failed" : outcome->refusal ? "refused" : "ok";
  spdlog::info("macro {} (step {} of task {} on {}) for {}: {} in {} ms", step.macro, step.id,
               task.id, record.identifier(), session.username, result.ok ? "ok" : result.message,
               ms);
  records::recordMacroRun(*pool.acquire(),
                          {"", step.macro, "taskStep", type.ref, session.username, label,
                           result.ok ? "" : result.message, static_cast<std::int64_t>(ms)},
                          Clock::now());
  return result;
}

// The names a template may use: each field of the record's type by its id, as a person reads it,
// and caseNumber, displayName, typeName, user and today.
std::map<std::string, std::string> templateValues(environments::Environment& environment,
                                                  const records::Record& record,
                                                  const types::EntityType& type,
                                                  const api::Session& session) {
  std::map<std::string, std::string> values;
  auto db = environment.db().acquire();
  for (const auto& field : type.fields) {
    const auto* value = record.values.if_contains(field.id);
    if (value == nullptr) {
      continue;
    }
    values[field.id] = types::displayText(field, *value);
    // A linked record's fields, for whom the person may see: {{complainant.email}}.
    const bool link =
        field.type == types::FieldType::PersonPicker || field.type == types::FieldType::CasePicker;
    if (!link || !value->is_object() || !value->as_object().contains("id")) {
      continue;
    }
    const auto& id = value->as_object().at("id");
    const auto identifier = id.is_string()  ? std::string(id.get_string())
                            : id.is_int64() ? std::to_string(id.get_int64())
                                            : std::string();
    const auto kind = field.type == types::FieldType::PersonPicker ? types::EntityKind::Person
                                                                   : types::EntityKind::Case;
    auto linked =
        records::recordAccess(*db, environment.catalog(), kind, identifier, session.username);
    if (!linked || !linked->visible() || linked->type == nullptr) {
      values[field.id] = "";
      continue;
    }
    values[field.id] = linked->record.displayName;
    for (const auto& other : linked->type->fields) {
      if (const auto* otherValue = linked->record.values.if_contains(other.id)) {
        values[field.id + "." + other.id] = types::displayText(other, *otherValue);
      }
    }
  }
  values["caseNumber"] = record.identifier();
  values["displayName"] = record.displayName;
  values["typeName"] = type.name;
  values["user"] = session.displayName;
  values["today"] = formatIsoTime(Clock::now()).substr(0, 10);
  return values;
}

// A file name from a title: no path separators or control characters, at most 120 characters.
std::string fileNameOf(const std::string& title, const std::string& extension) {
  std::string name;
  for (const char c : title) {
    const auto byte = static_cast<unsigned char>(c);
    name += (byte < 0x20 || c == '/' || c == '\\' || c == ':' || c == '*' || c == '?' || c == '"' ||
             c == '<' || c == '>' || c == '|')
                ? '-'
                : c;
  }
  if (name.size() > 120) {
    name.resize(120);
  }
  return (name.empty() ? std::string("Document") : name) + extension;
}

// Fills the step's template with the record and files it as a new document of the case.
Status generateDocument(environments::Environment& environment, const api::Session& session,
                        const Target& target, const types::TaskStepDefinition& step,
                        const std::map<std::string, std::string>& values) {
  const auto& record = target.found.record;
  auto filled = docgen::fillWordTemplate(step.templateContent, values);
  if (!filled) {
    return Error::unprocessable(
        "task.template",
        "The template " + step.templateFile + " could not be filled: " + filled.error().message);
  }
  const auto title = docgen::fillText(step.documentTitle, values);
  auto filed = api::fileGeneratedDocument(
      environment, session,
      {record.identifier(), fileNameOf(title, ".docx"), title, std::move(*filled)});
  if (!filed) {
    return Error::unprocessable("task.document",
                                "The document could not be filed: " + filed.error().message);
  }
  return {};
}

// Sends the step's e-mail through the environment's relay, and keeps what was sent as an .eml
// document of the case.
Status sendEmail(environments::Environment& environment, const api::Session& session,
                 const Target& target, const types::TaskStepDefinition& step,
                 const std::map<std::string, std::string>& values) {
  const auto& relay = environment.config().mail;
  if (relay.url.empty()) {
    return Error::unprocessable("task.no_relay",
                                "This environment sends no e-mail: it has no mail relay "
                                "(mail in environment.yaml).");
  }
  mail::Message message{relay.from, docgen::fillText(step.emailTo, values),
                        docgen::fillText(step.emailSubject, values),
                        docgen::fillText(step.emailBody, values)};
  if (!mail::isEmailAddress(message.to)) {
    return Error::unprocessable(
        "task.email_to", message.to.empty()
                             ? "There is no e-mail address to send to."
                             : "'" + message.to.substr(0, 100) + "' is not an e-mail address.");
  }
  const auto text = mail::rfc5322(message, std::chrono::system_clock::now());
  if (auto sent = mail::send(relay.url, message, text); !sent) {
    return sent;
  }
  auto filed =
      api::fileGeneratedDocument(environment, session,
                                 {target.found.record.identifier(),
                                  fileNameOf(message.subject, ".eml"), message.subject, text});
  if (!filed) {
    return Error::unprocessable(
        "task.document", "The e-mail was sent, but could not be kept: " + filed.error().message);
  }
  return {};
}

// Runs a step (its macro, or the person's say-so) from `from`, writing S then C or F.
Status runOneStep(environments::Environment& environment, const api::Session& session,
                  const Target& target, std::size_t index, char from, TimePoint now,
                  TaskView& view) {
  const auto& task = *target.task;
  const auto& step = task.steps[index];
  const auto& record = target.found.record;
  {
    auto db = environment.db().acquire();
    if (!setStep(*db, record.kind, record.id, task.id, step.id, from, 'S', "", session.displayName,
                 now)) {
      return Error::conflict("task.changed",
                             "Someone else is running this task now. Reload it to see how far "
                             "it has got.");
    }
  }
  StepOutcome outcome{true, "", {}, {}};
  if (!step.macro.empty()) {
    outcome = runMacroStep(environment.db(), task, step, session, record, *target.found.type);
  }
  if (outcome.ok && (!step.templateFile.empty() || !step.emailBodyFile.empty())) {
    const auto values = templateValues(environment, record, *target.found.type, session);
    Status done;
    if (!step.templateFile.empty()) {
      done = generateDocument(environment, session, target, step, values);
    }
    if (done && !step.emailBodyFile.empty()) {
      done = sendEmail(environment, session, target, step, values);
    }
    if (!done) {
      outcome.ok = false;
      outcome.message = done.error().message;
    }
  }
  auto db = environment.db().acquire();
  db::Transaction transaction(*db);
  const char status = outcome.ok ? 'C' : 'F';
  setStep(*db, record.kind, record.id, task.id, step.id, 'S', status, outcome.message,
          session.displayName, Clock::now());
  for (const auto& notice : outcome.notifications) {
    notify(*db, session, record, notice.type, notice.message, now);
  }
  records::appendActivity(
      *db, record.kind, record.id, outcome.ok ? "task.step" : "task.failed",
      json::object{
          {"task", task.displayName}, {"step", step.displayName}, {"message", outcome.message}},
      api::actorOf(session), now);
  if (!outcome.ok) {
    notify(*db, session, record, "error",
           task.displayName + " on " + record.identifier() + ": the step '" + step.displayName +
               "' failed. " + outcome.message,
           now);
  }
  transaction.commit();
  view.steps[index].status = status;
  view.steps[index].message = outcome.message;
  view.steps[index].byName = session.displayName;
  view.steps[index].at = formatIsoTime(now);
  view.alerts.insert(view.alerts.end(), outcome.alerts.begin(), outcome.alerts.end());
  return {};
}

// The steps that run by themselves, in order, until one fails or waits for the person; then, when
// every step is complete, the person is told (and a task that does not remember is forgotten).
Status advance(environments::Environment& environment, const api::Session& session,
               const Target& target, TimePoint now, TaskView& view) {
  const auto& task = *target.task;
  for (std::size_t i = 0; i < task.steps.size(); ++i) {
    const char previous = i == 0 ? 'C' : view.steps[i - 1].status;
    if (runsByItself(task.steps[i], view.steps[i].status, previous)) {
      if (auto ran = runOneStep(environment, session, target, i, 'N', now, view); !ran) {
        return ran;
      }
      if (view.steps[i].status == 'F') {
        break;
      }
    }
  }
  view.state = runStateOf(task, statusesOf(view.steps));
  if (view.state == RunState::RunPreviously || view.state == RunState::RunSuccessfully) {
    const auto& record = target.found.record;
    auto db = environment.db().acquire();
    db::Transaction transaction(*db);
    notify(*db, session, record, "success",
           task.displayName + " on " + record.identifier() + " is complete.", now);
    records::appendActivity(*db, record.kind, record.id, "task.completed",
                            json::object{{"task", task.displayName}}, api::actorOf(session), now);
    if (!task.rememberWhenComplete) {
      removeRun(*db, record.kind, record.id, task.id);
    }
    transaction.commit();
  }
  return {};
}

TaskView viewOf(db::Connection& db, const Target& target) {
  TaskView view;
  view.task = target.task;
  view.steps = stepsOf(db, target.found.record.kind, target.found.record.id, *target.task);
  view.state = runStateOf(*target.task, statusesOf(view.steps));
  return view;
}

}  // namespace

Result<std::vector<TaskView>> listTasks(environments::Environment& environment,
                                        const api::Session& session, types::EntityKind kind,
                                        std::string_view identifier) {
  auto db = environment.db().acquire();
  const auto& catalog = environment.catalog();
  auto target = targetOf(*db, catalog, session, kind, identifier, "", false);
  if (!target) {
    return std::move(target).error();
  }
  std::vector<TaskView> views;
  for (const auto& task : catalog.tasks) {
    if (task->isOn(*target->found.type)) {
      target->task = task.get();
      views.push_back(viewOf(*db, *target));
    }
  }
  return views;
}

Result<TaskView> startTask(environments::Environment& environment, const api::Session& session,
                           types::EntityKind kind, std::string_view identifier,
                           std::string_view taskId, TimePoint now) {
  Target target;
  TaskView view;
  {
    auto db = environment.db().acquire();
    db::Transaction transaction(*db);
    auto found = targetOf(*db, environment.catalog(), session, kind, identifier, taskId, true);
    if (!found) {
      return std::move(found).error();
    }
    target = std::move(found).value();
    view = viewOf(*db, target);
    if (view.state != RunState::NeverRun) {
      return Error::conflict("task.started", target.task->displayName +
                                                 " has been run on this record already. Cancel "
                                                 "it first to run it again.");
    }
    const auto& record = target.found.record;
    startRun(*db, record.kind, record.id, *target.task, session.displayName, now);
    records::appendActivity(*db, record.kind, record.id, "task.started",
                            json::object{{"task", target.task->displayName}}, api::actorOf(session),
                            now);
    transaction.commit();
  }
  for (auto& step : view.steps) {
    step.status = 'N';
  }
  if (auto advanced = advance(environment, session, target, now, view); !advanced) {
    return std::move(advanced).error();
  }
  return view;
}

Result<TaskView> runStep(environments::Environment& environment, const api::Session& session,
                         types::EntityKind kind, std::string_view identifier,
                         std::string_view taskId, std::string_view stepId, TimePoint now) {
  Target target;
  TaskView view;
  {
    auto db = environment.db().acquire();
    auto found = targetOf(*db, environment.catalog(), session, kind, identifier, taskId, true);
    if (!found) {
      return std::move(found).error();
    }
    target = std::move(found).value();
    view = viewOf(*db, target);
  }
  const auto& task = *target.task;
  std::size_t index = task.steps.size();
  for (std::size_t i = 0; i < task.steps.size(); ++i) {
    if (task.steps[i].id == stepId) {
      index = i;
    }
  }
  if (index == task.steps.size()) {
    return Error::notFound(
        "task.step_not_found",
        "The task " + task.displayName + " has no step '" + std::string(stepId) + "'.");
  }
  const char status = view.steps[index].status;
  const char previous = index == 0 ? 'C' : view.steps[index - 1].status;
  if (!stepEnabled(task.steps[index], status, previous)) {
    return Error::conflict(
        "task.step_disabled",
        status == ' ' ? "Run the task first."
        : task.steps[index].requirePreviousComplete && previous != 'C'
            ? "The step before '" + task.steps[index].displayName + "' is not complete yet."
            : "The step '" + task.steps[index].displayName + "' cannot be run now.");
  }
  if (auto ran = runOneStep(environment, session, target, index, status, now, view); !ran) {
    return std::move(ran).error();
  }
  if (auto advanced = advance(environment, session, target, now, view); !advanced) {
    return std::move(advanced).error();
  }
  return view;
}

Result<TaskView> cancelTask(environments::Environment& environment, const api::Session& session,
                            types::EntityKind kind, std::string_view identifier,
                            std::string_view taskId, TimePoint now) {
  auto db = environment.db().acquire();
  db::Transaction transaction(*db);
  auto target = targetOf(*db, environment.catalog(), session, kind, identifier, taskId, true);
  if (!target) {
    return std::move(target).error();
  }
  const auto& record = target->found.record;
  if (viewOf(*db, *target).state != RunState::NeverRun) {
    removeRun(*db, record.kind, record.id, target->task->id);
    records::appendActivity(*db, record.kind, record.id, "task.cancelled",
                            json::object{{"task", target->task->displayName}},
                            api::actorOf(session), now);
  }
  transaction.commit();
  return viewOf(*db, *target);
}

}  // namespace dossier::tasks
