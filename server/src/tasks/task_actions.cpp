#include "tasks/task_actions.hpp"

#include <chrono>
#include <map>

#include <spdlog/spdlog.h>

#include "api/macro_host.hpp"
#include "api/services.hpp"
#include "core/crypto.hpp"
#include "core/markup.hpp"
#include "core/text.hpp"
#include "db/connection.hpp"
#include "db/pool.hpp"
#include "docgen/office_template.hpp"
#include "environments/environment.hpp"
#include "mail/pickup.hpp"
#include "mail/smtp.hpp"
#include "mail/transport.hpp"
#include "records/access.hpp"
#include "records/audit.hpp"
#include "records/comments.hpp"
#include "records/errors.hpp"
#include "records/macro_choices.hpp"
#include "records/macro_runs.hpp"
#include "records/notifications.hpp"
#include "records/role_links.hpp"
#include "records/role_rules.hpp"
#include "sandbox/macro_runners.hpp"
#include "tasks/errors.hpp"
#include "types/field_values.hpp"
#include "types/role_definition.hpp"
#include "types/task_definitions.hpp"

namespace dossier::tasks {

namespace json = boost::json;

namespace {

struct Target {
  records::RecordAccess found;
  const types::TaskDefinition* task = nullptr;
};

Error noTask(std::string_view taskId, const records::RecordAccess& found) {
  return Error::of(errors::kNotFound, "There is no task '" + std::string(taskId) + "' for " +
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
      return Error::of(records::errors::kReadOnly, target.found.access.readOnlyReason);
    }
    return Error::of(errors::kRunDenied,
                     "You are not allowed to run tasks on this " + target.found.type->name + ".");
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
  std::optional<sandbox::MacroSearchRequest> search;  // the run waits for the person's choice
  std::vector<sandbox::MacroLink> links;
  std::vector<sandbox::MacroComment> comments;
  std::vector<sandbox::MacroNewRecord> records;
  std::vector<sandbox::MacroNewDocument> documents;
};

StepOutcome runMacroStep(environments::Environment& environment, const types::TaskDefinition& task,
                         const types::TaskStepDefinition& step, const api::Session& session,
                         const records::Record& record, const types::EntityType& type,
                         std::vector<json::value> picks) {
  auto values = record.values;
  if (record.kind == types::EntityKind::Case) {
    values["status"] = record.status;
  }
  api::RecordMacroHost host(environment, session.username, record.kind, record.id);
  const auto started = std::chrono::steady_clock::now();
  auto report = sandbox::macroRunners().run(step.macro, step.macroSource,
                                            {"taskStep", values, session.displayName, false,
                                             record.identifier(), std::move(picks), &host});
  auto& outcome = report.outcome;
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::steady_clock::now() - started)
                      .count();
  StepOutcome result;
  if (!outcome) {
    result.message = outcome.error().message;
  } else if (outcome->search) {
    result.search = std::move(outcome->search);
  } else if (outcome->refusal) {
    result.message = *outcome->refusal;
  } else {
    result.ok = true;
  }
  if (outcome) {
    result.notifications = std::move(outcome->notifications);
    result.alerts = std::move(outcome->alerts);
    result.links = std::move(outcome->links);
    result.comments = std::move(outcome->comments);
    result.records = std::move(outcome->records);
    result.documents = std::move(outcome->documents);
  }
  const auto label = !outcome           ? "failed"
                     : result.search    ? "waiting"
                     : outcome->refusal ? "refused"
                                        : "ok";
  spdlog::info("macro {} (step {} of task {} on {}) for {}: {} in {} ms", step.macro, step.id,
               task.id, record.identifier(), session.username,
               result.ok || result.search ? label : result.message, ms);
  records::recordMacroRun(
      *environment.db().acquire(),
      {"", step.macro, "taskStep", type.ref, session.username, label,
       result.ok ? "" : result.message, static_cast<std::int64_t>(ms), std::move(report.printed)},
      Clock::now());
  return result;
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

// The macro search page data of a question, with the correlation id its answer must carry.
json::object pageData(const sandbox::MacroSearchRequest& request, const std::string& id) {
  json::array codes;
  for (const auto& code : request.entityCodes) {
    codes.push_back(json::value(code));
  }
  return {{"entityCodes", std::move(codes)},
          {"entityType", request.entityType},
          {"allowNew", request.allowNew},
          {"includeDeregisteredObsolete", request.includeDeregisteredObsolete},
          {"defaultUserSearch", request.defaultUserSearch},
          {"prompt", request.prompt},
          {"macroExecutionCorrelationId", id}};
}

std::optional<types::EntityKind> entityKind(std::string_view entity) {
  if (entity == "Case") {
    return types::EntityKind::Case;
  }
  if (entity == "Person") {
    return types::EntityKind::Person;
  }
  return std::nullopt;
}

// What a step's macro asked to be done once it completes: the roles it gives on the record and
// the comments it writes, checked as a person doing them by hand would be, in one transaction.
// A role already held is left as it is, so that running a step again does not fail.
Status applyEffects(environments::Environment& environment, const api::Services& services,
                    const api::Session& session, const records::Record& record,
                    const StepOutcome& outcome, TimePoint now, std::string& effect) {
  // New records and documents first, each saved as the person saving it would (its own
  // transaction), before the links and comments are written together.
  for (const auto& asked : outcome.records) {
    api::NewRecord made{
        *entityKind(asked.entity), asked.typeRef, asked.values, asked.roleCode, record.kind,
        record.identifier()};
    if (auto created = services.createRecord(environment, session, made); !created) {
      return Error::of(errors::kCreate, "The new " + asked.typeRef +
                                            " could not be saved: " + created.error().message);
    }
  }
  for (const auto& asked : outcome.documents) {
    if (record.kind != types::EntityKind::Case) {
      return Error::of(errors::kDocumentNotCase, "Documents are filed with cases.");
    }
    const auto fileName = asked.fileName.empty() ? fileNameOf(asked.title, ".txt") : asked.fileName;
    if (auto filed = services.fileDocument(
            environment, session, {record.identifier(), fileName, asked.title, asked.text});
        !filed) {
      return Error::of(errors::kDocument,
                       "The document could not be filed: " + filed.error().message);
    }
    effect = "filed";
  }
  if (outcome.links.empty() && outcome.comments.empty()) {
    return {};
  }
  const auto& catalog = environment.catalog();
  auto db = environment.db().acquire();
  db::Transaction transaction(*db);
  const auto actor = api::actorOf(session);
  for (const auto& asked : outcome.links) {
    auto parent = records::roleParent(*db, catalog, session.username, asked.roleCode, record.kind,
                                      record.identifier());
    if (!parent) {
      return std::move(parent).error();
    }
    const auto kind = entityKind(asked.entity);
    auto holder = records::recordAccess(*db, catalog, *kind, asked.identifier, session.username);
    if (!holder || !holder->visible() || holder->type == nullptr) {
      return records::recordNotFound(*kind, asked.identifier);
    }
    if (auto refused = records::holderRefused(*parent->role, *holder->type)) {
      return std::move(*refused);
    }
    if (holder->record.kind == record.kind && holder->record.id == record.id) {
      return Error::of(records::errors::kRoleSelf, "A record cannot hold a role on itself.");
    }
    if (parent->role->singleOwner) {
      const auto owner =
          records::ownerOf(*db, parent->role->code, holder->record.kind, holder->record.id);
      if (owner && (owner->parentKind != record.kind || owner->parentId != record.id)) {
        return Error::of(records::errors::kRoleOwned, holder->record.identifier() +
                                                          " already belongs to another record as " +
                                                          parent->role->name + ".");
      }
    }
    records::RoleLink link;
    link.roleCode = parent->role->code;
    link.parentKind = record.kind;
    link.parentId = record.id;
    link.holderKind = holder->record.kind;
    link.holderId = holder->record.id;
    link.roleName = parent->role->name;
    records::addLink(*db, link, actor, now);
  }
  for (const auto& asked : outcome.comments) {
    // Comments are kept on persons: the record itself when the macro names none.
    const auto kind = asked.entity.empty() ? record.kind : *entityKind(asked.entity);
    const auto identifier = asked.entity.empty() ? record.identifier() : asked.identifier;
    auto owner = records::recordAccess(*db, catalog, kind, identifier, session.username);
    if (!owner || !owner->visible() || owner->type == nullptr) {
      return records::recordNotFound(kind, identifier);
    }
    if (kind != types::EntityKind::Person) {
      return Error::of(errors::kCommentNotPerson,
                       "Comments are kept on persons; name the person to comment on.");
    }
    if (!owner->access.canModify) {
      return Error::of(errors::kCommentDenied, "You may not change " + owner->record.displayName +
                                                   ", so you cannot comment on them.");
    }
    records::Comment comment;
    comment.ownerKind = kind;
    comment.ownerId = owner->record.id;
    comment.text = asked.text;
    comment.html = "<p>" + escapeMarkup(asked.text) + "</p>";
    records::addComment(*db, comment, actor, now);
  }
  transaction.commit();
  return {};
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

// What a Document step made, for an e-mail of the same step to carry.
using Generated = std::optional<mail::Attachment>;

std::string contentTypeOf(const std::string& extension) {
  return extension == ".odt"    ? "application/vnd.oasis.opendocument.text"
         : extension == ".docx" ? "application/"
                                  "vnd.openxmlformats-officedocument.wordprocessingml.document"
                                : "application/octet-stream";
}

// Fills the step's template with the record and files it as a new document of the case.
Status generateDocument(environments::Environment& environment, const api::Services& services,
                        const api::Session& session, const Target& target,
                        const types::TaskStepDefinition& step,
                        const std::map<std::string, std::string>& values, Generated& made) {
  const auto& record = target.found.record;
  auto filled = docgen::fillOfficeTemplate(step.templateContent, values);
  if (!filled) {
    return Error::of(errors::kTemplate, "The template " + step.templateFile +
                                            " could not be filled: " + filled.error().message);
  }
  const auto title = docgen::fillText(step.documentTitle, values);
  const auto extension = docgen::templateExtension(step.templateContent);
  made = mail::Attachment{fileNameOf(title, extension), contentTypeOf(extension), *filled};
  auto filed = services.fileDocument(
      environment, session, {record.identifier(), made->fileName, title, std::move(*filled)});
  if (!filed) {
    return Error::of(errors::kDocument,
                     "The document could not be filed: " + filed.error().message);
  }
  return {};
}

// Sends the step's e-mail by the environment's transport (its relay, or its pickup folder), with
// the document the step made when it made one, and keeps what was sent as an .eml document of the
// case.
Status sendEmail(environments::Environment& environment, const api::Services& services,
                 const api::Session& session, const Target& target,
                 const types::TaskStepDefinition& step,
                 const std::map<std::string, std::string>& values, const Generated& made,
                 std::string& effect) {
  const auto& relay = environment.config().mail;
  if (!relay.configured) {
    return Error::of(errors::kNoRelay,
                     "This environment sends no e-mail: it has no mail relay "
                     "(mail in environment.yaml).");
  }
  mail::Message message{
      relay.from,
      docgen::fillText(step.emailTo, values),
      docgen::fillText(step.emailSubject, values),
      docgen::fillText(step.emailBody, values),
      made ? std::vector<mail::Attachment>{*made} : std::vector<mail::Attachment>{},
      step.emailHtml.empty() ? std::string() : docgen::fillHtml(step.emailHtml, values)};
  if (!mail::isEmailAddress(message.to)) {
    return Error::of(errors::kEmailTo, message.to.empty() ? "There is no e-mail address to send to."
                                                          : "'" + message.to.substr(0, 100) +
                                                                "' is not an e-mail address.");
  }
  const auto now = std::chrono::system_clock::now();
  const auto text = mail::rfc5322(message, now);
  const mail::Transport transport{relay.transport, relay.url,
                                  environment.dataFolder() / mail::kPickupFolderName};
  if (auto sent = mail::deliver(transport, message, text, now); !sent) {
    return sent;
  }
  effect = "sent";
  auto filed = services.fileDocument(environment, session,
                                     {target.found.record.identifier(),
                                      fileNameOf(message.subject, ".eml"), message.subject, text});
  if (!filed) {
    return Error::of(errors::kDocument,
                     "The e-mail was sent, but could not be kept: " + filed.error().message);
  }
  return {};
}

// Runs a step (its macro, or the person's say-so) from `from`, writing S then C or F — or, when
// its macro stops to ask the person to choose, leaving it S with the question kept.
Status runOneStep(environments::Environment& environment, const api::Services& services,
                  const api::Session& session, const Target& target, std::size_t index, char from,
                  TimePoint now, TaskView& view, std::vector<json::value> picks = {}) {
  const auto& task = *target.task;
  const auto& step = task.steps[index];
  const auto& record = target.found.record;
  {
    auto db = environment.db().acquire();
    if (!setStep(*db, record.kind, record.id, task.id, step.id, from, 'S', "", session.displayName,
                 now)) {
      return Error::of(errors::kChanged,
                       "Someone else is running this task now. Reload it to see how far "
                       "it has got.");
    }
  }
  StepOutcome outcome;
  outcome.ok = true;
  if (!step.macro.empty()) {
    outcome = runMacroStep(environment, task, step, session, record, *target.found.type, picks);
  }
  if (outcome.search) {
    records::MacroChoice choice;
    choice.correlationId = randomHex(16);
    choice.sessionId = session.sessionId;
    choice.kind = record.kind;
    choice.recordId = record.id;
    choice.taskId = task.id;
    choice.stepId = step.id;
    choice.request = pageData(*outcome.search, choice.correlationId);
    for (auto& pick : picks) {
      choice.picks.push_back(std::move(pick));
    }
    {
      auto db = environment.db().acquire();
      db::Transaction transaction(*db);
      records::saveMacroChoice(*db, choice, now);
      records::markPartChanged(*db, record.kind, record.id, records::RecordPart::Tasks, now);
      transaction.commit();
    }
    view.steps[index].status = 'S';
    view.steps[index].byName = session.displayName;
    view.steps[index].at = formatIsoTime(now);
    view.choices[step.id] = choice.request;
    view.macroSearch = std::move(choice.request);
    return {};
  }
  // Whether the run sent an e-mail or filed a document, which the task bar asks about before the
  // step runs again; an e-mail sent is told even when keeping it failed.
  std::string effect;
  if (outcome.ok) {
    if (auto applied = applyEffects(environment, services, session, record, outcome, now, effect);
        !applied) {
      outcome.ok = false;
      outcome.message = applied.error().message;
    }
  }
  if (outcome.ok && (!step.templateFile.empty() || !step.emailBodyFile.empty())) {
    const auto values = templateValues(environment, record, *target.found.type, session);
    Status done;
    Generated made;
    if (!step.templateFile.empty()) {
      done = generateDocument(environment, services, session, target, step, values, made);
      if (done) {
        effect = "filed";
      }
    }
    if (done && !step.emailBodyFile.empty()) {
      done = sendEmail(environment, services, session, target, step, values, made, effect);
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
  const LastRun last{status, effect, outcome.message, session.displayName, formatIsoTime(now)};
  keepLastRun(*db, record.kind, record.id, task.id, step.id, last);
  records::markPartChanged(*db, record.kind, record.id, records::RecordPart::Tasks, now);
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
  view.lastRuns[index] = last;
  view.alerts.insert(view.alerts.end(), outcome.alerts.begin(), outcome.alerts.end());
  return {};
}

// The steps that run by themselves, in order, until one fails or waits for the person; then, when
// every step is complete, the person is told (and a task that does not remember is forgotten).
Status advance(environments::Environment& environment, const api::Services& services,
               const api::Session& session, const Target& target, TimePoint now, TaskView& view) {
  const auto& task = *target.task;
  for (std::size_t i = 0; i < task.steps.size(); ++i) {
    const char previous = i == 0 ? 'C' : view.steps[i - 1].status;
    if (runsByItself(task.steps[i], view.steps[i].status, previous)) {
      if (auto ran = runOneStep(environment, services, session, target, i, 'N', now, view); !ran) {
        return ran;
      }
      if (view.steps[i].status != 'C') {
        break;  // it failed, or waits for the person's choice
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
      records::markPartChanged(*db, record.kind, record.id, records::RecordPart::Tasks, now);
    }
    transaction.commit();
  }
  return {};
}

// The task's steps on the record, and the questions its steps wait on that were asked of this
// session (another person's open question is theirs to answer).
TaskView viewOf(db::Connection& db, const Target& target, const api::Session& session) {
  TaskView view;
  view.task = target.task;
  const auto& record = target.found.record;
  view.steps = stepsOf(db, record.kind, record.id, *target.task);
  view.lastRuns = lastRunsOf(db, record.kind, record.id, *target.task);
  view.state = runStateOf(*target.task, statusesOf(view.steps));
  for (std::size_t i = 0; i < view.steps.size(); ++i) {
    if (view.steps[i].status != 'S') {
      continue;
    }
    const auto& stepId = target.task->steps[i].id;
    auto choice = records::macroChoiceOf(db, record.kind, record.id, target.task->id, stepId);
    if (choice && choice->sessionId == session.sessionId) {
      view.choices[stepId] = std::move(choice->request);
    }
  }
  return view;
}

// The answer to the question a step waits on, checked: asked of this session, still waited on,
// and a record the person may see of the kinds and types asked for. The answers so far, this one
// last (null when they chose none).
Result<std::vector<json::value>> answerOf(environments::Environment& environment,
                                          const api::Session& session, const Target& target,
                                          const types::TaskStepDefinition& step, char status,
                                          const MacroAnswer& answer) {
  auto db = environment.db().acquire();
  const auto& record = target.found.record;
  auto choice = records::findMacroChoice(*db, answer.correlationId);
  if (!choice || choice->sessionId != session.sessionId || choice->kind != record.kind ||
      choice->recordId != record.id || choice->taskId != target.task->id ||
      choice->stepId != step.id || status != 'S') {
    return Error::of(errors::kChoiceEnded,
                     "This choice is no longer waited for: it was answered, or the task "
                     "was cancelled. Reload the task to see where it is.");
  }
  std::vector<json::value> picks(choice->picks.begin(), choice->picks.end());
  if (answer.entity.empty()) {
    picks.emplace_back(nullptr);
    return picks;
  }
  const auto kind = entityKind(answer.entity);
  if (!kind) {
    return Error::of(errors::kChoiceInvalid, "A choice is a Case or a Person.");
  }
  auto chosen =
      api::macroRecord(*db, environment.catalog(), *kind, answer.identifier, session.username);
  if (!chosen) {
    return records::recordNotFound(*kind, answer.identifier);
  }
  const auto* codes = choice->request.if_contains("entityCodes");
  const auto* entityType = choice->request.if_contains("entityType");
  bool allowed = entityType == nullptr || !entityType->is_string() ||
                 entityType->get_string() == "All" || entityType->get_string() == answer.entity;
  if (allowed && codes != nullptr && codes->is_array() && !codes->get_array().empty()) {
    const auto& type = chosen->at("type").get_string();
    allowed = false;
    for (const auto& code : codes->get_array()) {
      if (code.is_string() && equalsIgnoringCase(code.get_string(), type)) {
        allowed = true;
      }
    }
  }
  if (!allowed) {
    return Error::of(errors::kChoiceInvalid,
                     "The macro asked for another kind of record; choose one of those "
                     "the search offers.");
  }
  picks.emplace_back(std::move(*chosen));
  return picks;
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
      views.push_back(viewOf(*db, *target, session));
    }
  }
  return views;
}

Result<TaskView> startTask(environments::Environment& environment, const api::Services& services,
                           const api::Session& session, types::EntityKind kind,
                           std::string_view identifier, std::string_view taskId, TimePoint now) {
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
    view = viewOf(*db, target, session);
    if (view.state != RunState::NeverRun) {
      return Error::of(errors::kStarted, target.task->displayName +
                                             " has been run on this record already. Cancel "
                                             "it first to run it again.");
    }
    const auto& record = target.found.record;
    startRun(*db, record.kind, record.id, *target.task, session.displayName, now);
    records::markPartChanged(*db, record.kind, record.id, records::RecordPart::Tasks, now);
    records::appendActivity(*db, record.kind, record.id, "task.started",
                            json::object{{"task", target.task->displayName}}, api::actorOf(session),
                            now);
    transaction.commit();
  }
  for (auto& step : view.steps) {
    step.status = 'N';
  }
  if (auto advanced = advance(environment, services, session, target, now, view); !advanced) {
    return std::move(advanced).error();
  }
  return view;
}

Result<TaskView> runStep(environments::Environment& environment, const api::Services& services,
                         const api::Session& session, types::EntityKind kind,
                         std::string_view identifier, std::string_view taskId,
                         std::string_view stepId, TimePoint now,
                         const std::optional<MacroAnswer>& answer) {
  Target target;
  TaskView view;
  {
    auto db = environment.db().acquire();
    auto found = targetOf(*db, environment.catalog(), session, kind, identifier, taskId, true);
    if (!found) {
      return std::move(found).error();
    }
    target = std::move(found).value();
    view = viewOf(*db, target, session);
  }
  const auto& task = *target.task;
  std::size_t index = task.steps.size();
  for (std::size_t i = 0; i < task.steps.size(); ++i) {
    if (task.steps[i].id == stepId) {
      index = i;
    }
  }
  if (index == task.steps.size()) {
    return Error::of(errors::kStepNotFound, "The task " + task.displayName + " has no step '" +
                                                std::string(stepId) + "'.");
  }
  const char status = view.steps[index].status;
  const char previous = index == 0 ? 'C' : view.steps[index - 1].status;
  if (answer) {
    // The step's macro runs again from its start, with the person's answers.
    auto picks = answerOf(environment, session, target, task.steps[index], status, *answer);
    if (!picks) {
      return std::move(picks).error();
    }
    if (!records::removeMacroChoice(*environment.db().acquire(), answer->correlationId)) {
      return Error::of(errors::kChoiceEnded,
                       "This choice was answered a moment ago. Reload the task to see "
                       "where it is.");
    }
    view.choices.erase(task.steps[index].id);
    if (auto ran = runOneStep(environment, services, session, target, index, 'S', now, view,
                              std::move(picks).value());
        !ran) {
      return std::move(ran).error();
    }
    if (auto advanced = advance(environment, services, session, target, now, view); !advanced) {
      return std::move(advanced).error();
    }
    return view;
  }
  if (!stepEnabled(task.steps[index], status, previous)) {
    return Error::of(
        errors::kStepDisabled,
        status == ' ' ? "Run the task first."
        : task.steps[index].requirePreviousComplete && previous != 'C'
            ? "The step before '" + task.steps[index].displayName + "' is not complete yet."
            : "The step '" + task.steps[index].displayName + "' cannot be run now.");
  }
  if (auto ran = runOneStep(environment, services, session, target, index, status, now, view);
      !ran) {
    return std::move(ran).error();
  }
  if (auto advanced = advance(environment, services, session, target, now, view); !advanced) {
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
  if (viewOf(*db, *target, session).state != RunState::NeverRun) {
    removeRun(*db, record.kind, record.id, target->task->id);
    records::removeMacroChoicesOf(*db, record.kind, record.id, target->task->id);
    records::markPartChanged(*db, record.kind, record.id, records::RecordPart::Tasks, now);
    records::appendActivity(*db, record.kind, record.id, "task.cancelled",
                            json::object{{"task", target->task->displayName}},
                            api::actorOf(session), now);
  }
  transaction.commit();
  return viewOf(*db, *target, session);
}

}  // namespace dossier::tasks
