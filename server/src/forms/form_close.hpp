#pragma once

#include <string>
#include <vector>

#include <boost/json/object.hpp>

#include "api/session.hpp"
#include "core/result.hpp"
#include "sandbox/lua_sandbox.hpp"
#include "types/entity_type.hpp"

namespace dossier::environments {
class Environment;
}

namespace dossier::forms {

struct CloseRequest {
  types::EntityKind kind = types::EntityKind::Case;
  std::string typeRef;     // a new record's form
  std::string identifier;  // an existing record's
  // What the form holds now, saved or not; the stored values when absent.
  std::optional<boost::json::object> values;
};

struct CloseOutcome {
  bool canClose = true;
  std::string message;  // why not
  std::vector<sandbox::MacroNotice> alerts;
};

// Whether a form may close (spec 1 §4: a form-close macro can veto leaving): the type's formClose
// macro decides; without one it always may. Needs the right to see the record (404 otherwise, as
// for a record that is not there).
Result<CloseOutcome> closeForm(environments::Environment& environment, const api::Session& session,
                               const CloseRequest& request);

}  // namespace dossier::forms
