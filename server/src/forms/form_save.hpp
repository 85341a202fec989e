#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <boost/json/object.hpp>

#include "api/created_records.hpp"
#include "api/session.hpp"
#include "core/clock.hpp"
#include "core/result.hpp"
#include "records/records.hpp"
#include "sandbox/lua_sandbox.hpp"

namespace dossier::environments {
class Environment;
}

namespace dossier::forms {

// A new record made to hold a role on another (the create-for-role screens): it is created and
// linked in one transaction.
struct RoleForNew {
  std::string roleCode;
  types::EntityKind parentKind = types::EntityKind::Case;
  std::string parentIdentifier;
};

struct SaveRequest {
  types::EntityKind kind = types::EntityKind::Case;
  std::string typeRef;     // a new record
  std::string identifier;  // an existing record
  boost::json::object values;
  std::optional<std::int64_t> rowVersion;  // the version the form was loaded at (existing only)
  std::optional<RoleForNew> role;          // a new record: the role it is created to hold
};

struct SaveOutcome {
  records::Record record;
  bool changed = false;
  // Saved, but something could not be kept (a link to a record that is not there): the web app
  // says "Save completed with errors".
  std::vector<std::string> warnings;
  // A closed case was opened again by this save.
  bool reopened = false;
  // Header alerts the type's macros asked for (forms/form_macros.hpp).
  std::vector<sandbox::MacroNotice> alerts;
};

// Creates or updates a case or person from a whole form: access (403), validation (400 with field
// errors), the row version (409 naming who changed it and when; nothing is overwritten), then the
// record, its audit row and its change-log row in one transaction.
Result<SaveOutcome> saveForm(environments::Environment& environment, const api::Session& session,
                             const SaveRequest& request, TimePoint now);

// A record the server makes for someone (api/created_records.hpp), saved through saveForm; its
// case number or person id.
Result<std::string> createRequested(environments::Environment& environment,
                                    const api::Session& session, const api::NewRecord& asked);

// Obsolete or reinstate a person (needs the right to delete), recording the activity event of
// spec 1 §4 (formId, entityIdentifier, activeState).
Result<records::Record> setPersonObsolete(environments::Environment& environment,
                                          const api::Session& session, std::string_view personId,
                                          bool obsolete, TimePoint now);

}  // namespace dossier::forms
