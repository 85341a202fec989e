#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "api/context.hpp"
#include "api/header_alerts.hpp"
#include "api/json_response.hpp"
#include "api/route.hpp"
#include "api/services.hpp"
#include "environments/environment.hpp"
#include "tasks/errors.hpp"
#include "tasks/routes.hpp"
#include "tasks/task_actions.hpp"
#include "types/task_definitions.hpp"

namespace dossier::tasks {

namespace json = boost::json;

namespace {

json::object present(const TaskView& view) {
  const auto& task = *view.task;
  json::array steps;
  for (std::size_t i = 0; i < task.steps.size(); ++i) {
    const auto& step = task.steps[i];
    const auto& row = view.steps[i];
    json::object item{
        {"id", step.id},
        {"displayName", step.displayName},
        {"stepStatus", row.status == ' ' ? std::string() : std::string(1, row.status)},
        {"requirePreviousComplete", step.requirePreviousComplete},
        {"completeIfMacroOk", step.completeIfMacroOk()},
        {"allowManyTimes", step.allowManyTimes},
        {"allowUserStart", step.allowUserStart},
        {"sendsOrFiles", !step.templateFile.empty() || !step.emailBodyFile.empty()}};
    if (const auto& last = view.lastRuns[i]) {
      item["lastRun"] = json::object{{"status", std::string(1, last->status)},
                                     {"effect", last->effect},
                                     {"message", last->message},
                                     {"by", last->byName},
                                     {"at", last->at}};
    }
    if (row.status != ' ') {
      item["message"] = row.message;
      item["by"] = row.byName;
      item["at"] = row.at;
    }
    if (const auto choice = view.choices.find(step.id); choice != view.choices.end()) {
      item["macroSearch"] = choice->second;
    }
    steps.push_back(std::move(item));
  }
  json::array types;
  for (const auto& kind : task.taskTypes) {
    types.push_back(json::value(kind));
  }
  json::object out{{"taskId", task.id},
                   {"displayName", task.displayName},
                   {"taskTypes", std::move(types)},
                   {"rememberWhenComplete", task.rememberWhenComplete},
                   {"state", runStateName(view.state)},
                   {"taskSteps", std::move(steps)},
                   {"alerts", api::headerAlertsJson(view.alerts, "task-")}};
  if (view.macroSearch) {
    out["macroSearch"] = *view.macroSearch;
  }
  return out;
}

// A step run's body, when it answers the macro search its macro waits on:
// {macroExecutionCorrelationId, entity, entityIdentifier}, entity empty (or absent) for none.
Result<std::optional<MacroAnswer>> answerIn(api::Context& context) {
  if (context.request().body.empty()) {
    return std::optional<MacroAnswer>();
  }
  auto body = context.jsonBody();
  if (!body) {
    return std::move(body).error();
  }
  const auto text = [&](std::string_view key) {
    const auto* value = body->if_contains(key);
    return value != nullptr && value->is_string() ? std::string(value->get_string())
                                                  : std::string();
  };
  MacroAnswer answer{text("macroExecutionCorrelationId"), text("entity"), text("entityIdentifier")};
  if (answer.correlationId.empty()) {
    return std::optional<MacroAnswer>();
  }
  if (!answer.entity.empty() && answer.identifier.empty()) {
    return Error::of(errors::kChoiceInvalid,
                     "A choice names the record: entity and entityIdentifier.");
  }
  return std::optional<MacroAnswer>(std::move(answer));
}

Result<types::EntityKind> kindOf(api::Context& context) {
  const auto kind = types::kindFromRoute(context.request().pathParam("kind"));
  if (!kind) {
    return Error::of(errors::kBadKind, "Tasks run on a case or a person.");
  }
  return *kind;
}

Result<http::Response> list(api::Context& context) {
  auto kind = kindOf(context);
  if (!kind) {
    return std::move(kind).error();
  }
  auto views = listTasks(context.environment(), context.session(), *kind,
                         context.request().pathParam("identifier"));
  if (!views) {
    return std::move(views).error();
  }
  json::array tasks;
  for (const auto& view : *views) {
    tasks.push_back(present(view));
  }
  return api::jsonResponse(json::object{{"tasks", std::move(tasks)}});
}

enum class Action { Start, Step, Cancel };

api::Handler act(Action action, const api::Services& services) {
  return [action, &services](api::Context& context) -> Result<http::Response> {
    auto kind = kindOf(context);
    if (!kind) {
      return std::move(kind).error();
    }
    const auto& request = context.request();
    const auto identifier = request.pathParam("identifier");
    const auto taskId = request.pathParam("taskId");
    auto& environment = context.environment();
    const auto& session = context.session();
    const auto now = Clock::now();
    auto answer = action == Action::Step
                      ? answerIn(context)
                      : Result<std::optional<MacroAnswer>>(std::optional<MacroAnswer>());
    if (!answer) {
      return std::move(answer).error();
    }
    auto view = action == Action::Start
                    ? startTask(environment, services, session, *kind, identifier, taskId, now)
                : action == Action::Step
                    ? runStep(environment, services, session, *kind, identifier, taskId,
                              request.pathParam("stepId"), now, *answer)
                    : cancelTask(environment, session, *kind, identifier, taskId, now);
    if (!view) {
      return std::move(view).error();
    }
    return api::jsonResponse(present(*view));
  };
}

}  // namespace

void registerTaskRoutes(api::RouteTable& routes, const api::Services& services) {
  routes.add({.method = "GET",
              .path = "/api/{env}/tasks/{kind}/{identifier}",
              .handler = list,
              .work = api::Work::Quick});
  routes.add({.method = "POST",
              .path = "/api/{env}/tasks/{kind}/{identifier}/{taskId}/run",
              .handler = act(Action::Start, services),
              .bodyLimit = 1024,
              .overHub = true});
  routes.add({.method = "POST",
              .path = "/api/{env}/tasks/{kind}/{identifier}/{taskId}/steps/{stepId}/run",
              .handler = act(Action::Step, services),
              .bodyLimit = 4096,
              .overHub = true});
  routes.add({.method = "POST",
              .path = "/api/{env}/tasks/{kind}/{identifier}/{taskId}/cancel",
              .handler = act(Action::Cancel, services),
              .bodyLimit = 1024,
              .overHub = true});
}

}  // namespace dossier::tasks
