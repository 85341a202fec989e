#include "forms/form_macros.hpp"

#include <chrono>

#include <spdlog/spdlog.h>

#include "db/connection.hpp"
#include "db/pool.hpp"
#include "records/macro_runs.hpp"
#include "records/notifications.hpp"
#include "sandbox/errors.hpp"
#include "sandbox/macro_runners.hpp"
#include "types/entity_type.hpp"
#include "types/errors.hpp"
#include "types/form_validation.hpp"
#include "types/macro_bindings.hpp"

namespace dossier::forms {

namespace json = boost::json;

namespace {

struct Timed {
  Result<sandbox::MacroOutcome> outcome;
  std::string printed;
  std::int64_t milliseconds = 0;
};

// In a macro runner, killed at the deadline (sandbox/macro_runners.hpp).
Timed runTimed(const types::MacroBinding& macro, sandbox::MacroInput input) {
  const auto started = std::chrono::steady_clock::now();
  auto report = sandbox::macroRunners().run(macro.script, macro.source, input);
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::steady_clock::now() - started)
                      .count();
  return {std::move(report.outcome), std::move(report.printed), static_cast<std::int64_t>(ms)};
}

// The macro's audit row and log line. Its row stands whatever becomes of what it ran for.
void audit(db::Pool& pool, const types::MacroBinding& macro, const types::EntityType& type,
           const api::Session& session, const Timed& run) {
  const auto& outcome = run.outcome;
  const auto label = !outcome                        ? "failed"
                     : outcome->refusal              ? "refused"
                     : !outcome->fieldErrors.empty() ? "fieldErrors"
                     : !outcome->changes.empty()     ? "changed"
                                                     : "ok";
  std::string said = !outcome           ? outcome.error().message
                     : outcome->refusal ? "refused: " + *outcome->refusal
                     : !outcome->fieldErrors.empty()
                         ? std::string("field messages")
                         : "changed " + std::to_string(outcome->changes.size()) + " values";
  if (outcome && (!outcome->notifications.empty() || !outcome->alerts.empty())) {
    said += "; " + std::to_string(outcome->notifications.size()) + " notifications, " +
            std::to_string(outcome->alerts.size()) + " alerts";
  }
  spdlog::info("macro {} ({} of {}) for {}: {} in {} ms", macro.script, macro.event, type.ref,
               session.username, said, run.milliseconds);
  records::recordMacroRun(*pool.acquire(),
                          {"", macro.script, macro.event, type.ref, session.username, label, said,
                           run.milliseconds, run.printed},
                          Clock::now());
}

}  // namespace

Error invalidForm(const types::EntityType& type, std::map<std::string, std::string> fieldErrors) {
  std::string names;
  for (const auto& field : type.fields) {
    if (fieldErrors.contains(field.id)) {
      names += (names.empty() ? "" : ", ") + field.label;
    }
  }
  auto error = Error::of(types::errors::kFormInvalid, "Some fields need attention: " + names + ".");
  error.fieldErrors = std::move(fieldErrors);
  return error;
}

Result<MacroEffects> runBeforeSaveMacro(db::Pool& pool, const types::MacroBinding& macro,
                                        const types::EntityType& type, const api::Session& session,
                                        sandbox::MacroHost& host, const json::object& before,
                                        const json::object& values, bool isNew,
                                        const std::string& identifier) {
  auto run =
      runTimed(macro, {"beforeSave", values, session.displayName, isNew, identifier, {}, &host});
  audit(pool, macro, type, session, run);
  auto& outcome = run.outcome;
  if (!outcome) {
    return Error::of(sandbox::errors::kMacroFailed, outcome.error().message);
  }
  if (outcome->refusal) {
    return Error::of(sandbox::errors::kMacroRefused, *outcome->refusal);
  }
  if (!outcome->fieldErrors.empty()) {
    return invalidForm(type, std::move(outcome->fieldErrors));
  }
  MacroEffects effects{values, std::move(outcome->notifications), std::move(outcome->alerts)};
  if (outcome->changes.empty()) {
    return effects;
  }
  auto changed = values;
  for (const auto& [field, value] : outcome->changes) {
    changed[field] = value;
  }
  auto rechecked = types::validateForm(type, changed, before);
  if (!rechecked) {
    return Error::of(sandbox::errors::kMacroFailed,
                     "The macro " + macro.script +
                         " set a value the form does not take: " + rechecked.error().message);
  }
  if (!rechecked->fieldErrors.empty()) {
    return invalidForm(type, std::move(rechecked->fieldErrors));
  }
  effects.values = std::move(rechecked->values);
  return effects;
}

std::vector<sandbox::MacroNotice> runAfterSaveMacro(db::Pool& pool,
                                                    const types::MacroBinding& macro,
                                                    const types::EntityType& type,
                                                    const api::Session& session,
                                                    sandbox::MacroHost& host,
                                                    const records::Record& record, bool isNew) {
  auto values = record.values;
  if (record.kind == types::EntityKind::Case) {
    values["status"] = record.status;
  }
  auto run = runTimed(
      macro, {"afterSave", values, session.displayName, isNew, record.identifier(), {}, &host});
  audit(pool, macro, type, session, run);
  if (!run.outcome) {
    return {{"error", "Saved. " + run.outcome.error().message, 0}};
  }
  if (!run.outcome->notifications.empty()) {
    auto db = pool.acquire();
    storeNotifications(*db, session, run.outcome->notifications, record.kind, record.identifier(),
                       Clock::now());
  }
  return std::move(run.outcome->alerts);
}

CloseEffects runFormCloseMacro(db::Pool& pool, const types::MacroBinding& macro,
                               const types::EntityType& type, const api::Session& session,
                               sandbox::MacroHost& host, const json::object& values, bool isNew,
                               const std::string& identifier) {
  auto run =
      runTimed(macro, {"formClose", values, session.displayName, isNew, identifier, {}, &host});
  audit(pool, macro, type, session, run);
  if (!run.outcome) {
    return {true, "", {{"error", run.outcome.error().message, 0}}};
  }
  if (!run.outcome->notifications.empty()) {
    auto db = pool.acquire();
    storeNotifications(*db, session, run.outcome->notifications, type.kind, identifier,
                       Clock::now());
  }
  CloseEffects effects;
  effects.alerts = std::move(run.outcome->alerts);
  if (run.outcome->refusal) {
    effects.canClose = false;
    effects.message = *run.outcome->refusal;
  }
  return effects;
}

void storeNotifications(db::Connection& db, const api::Session& session,
                        const std::vector<sandbox::MacroNotice>& notifications,
                        types::EntityKind kind, const std::string& identifier, TimePoint now) {
  for (const auto& notice : notifications) {
    records::Notification notification;
    notification.userId = session.userId;
    notification.type = notice.type;
    notification.message = notice.message;
    if (!identifier.empty()) {
      notification.entityKind = types::kindName(kind);
      notification.entityIdentifier = identifier;
    }
    notification.source = "macro";
    records::addNotification(db, std::move(notification), now);
  }
}

}  // namespace dossier::forms
