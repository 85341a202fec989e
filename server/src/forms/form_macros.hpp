#pragma once

#include <string>
#include <vector>

#include <boost/json/object.hpp>

#include "api/session.hpp"
#include "core/clock.hpp"
#include "core/result.hpp"
#include "records/records.hpp"
#include "sandbox/lua_sandbox.hpp"

namespace dossier::db {
class Connection;
class Pool;
}  // namespace dossier::db
namespace dossier::types {
struct EntityType;
struct MacroBinding;
}  // namespace dossier::types

namespace dossier::forms {

// The macros a type binds to its form's events (macros.yaml), run in the sandbox. Each run is
// audited (records/macro_runs.hpp) and logged whatever comes of it.

// 400 types.form_invalid naming the fields' labels, with a message per field.
Error invalidForm(const types::EntityType& type, std::map<std::string, std::string> fieldErrors);

struct MacroEffects {
  boost::json::object values;                       // the values to save (before save)
  std::vector<sandbox::MacroNotice> notifications;  // for the user who acts
  std::vector<sandbox::MacroNotice> alerts;         // header alerts on their form
};

// Before a save, over the checked values: its changes are checked again as the form's were; its
// field messages (400) and its refusal (422 sandbox.macro_refused) end the save with them, as does
// its failure (422 sandbox.macro_failed).
Result<MacroEffects> runBeforeSaveMacro(db::Pool& pool, const types::MacroBinding& macro,
                                        const types::EntityType& type, const api::Session& session,
                                        sandbox::MacroHost& host, const boost::json::object& before,
                                        const boost::json::object& values, bool isNew,
                                        const std::string& identifier);

// After a save has committed: the save stands whatever the macro does, so its failure becomes an
// error alert for the person rather than an error answer. Its notifications are stored.
std::vector<sandbox::MacroNotice> runAfterSaveMacro(db::Pool& pool,
                                                    const types::MacroBinding& macro,
                                                    const types::EntityType& type,
                                                    const api::Session& session,
                                                    sandbox::MacroHost& host,
                                                    const records::Record& record, bool isNew);

// When a form is about to close: a refusal keeps the person on the form with its message. A macro
// that fails does not trap anyone on a form: they may leave, and are told it failed.
struct CloseEffects {
  bool canClose = true;
  std::string message;
  std::vector<sandbox::MacroNotice> alerts;
};
CloseEffects runFormCloseMacro(db::Pool& pool, const types::MacroBinding& macro,
                               const types::EntityType& type, const api::Session& session,
                               sandbox::MacroHost& host, const boost::json::object& values,
                               bool isNew, const std::string& identifier);

// Stores a macro's notifications for the user, about the record (in the caller's transaction).
void storeNotifications(db::Connection& db, const api::Session& session,
                        const std::vector<sandbox::MacroNotice>& notifications,
                        types::EntityKind kind, const std::string& identifier, TimePoint now);

}  // namespace dossier::forms
