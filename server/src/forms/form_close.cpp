#include "forms/form_close.hpp"

#include "api/macro_host.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"
#include "forms/errors.hpp"
#include "forms/form_macros.hpp"
#include "records/access.hpp"
#include "types/macro_bindings.hpp"

namespace dossier::forms {

Result<CloseOutcome> closeForm(environments::Environment& environment, const api::Session& session,
                               const CloseRequest& request) {
  const auto& catalog = environment.catalog();
  const types::EntityType* type = nullptr;
  boost::json::object stored;
  std::int64_t recordId = 0;
  if (!request.identifier.empty()) {
    auto db = environment.db().acquire();
    auto found =
        records::recordAccess(*db, catalog, request.kind, request.identifier, session.username);
    if (!found || !found->visible() || found->type == nullptr) {
      return records::recordNotFound(request.kind, request.identifier);
    }
    type = found->type;
    recordId = found->record.id;
    stored = std::move(found->record.values);
    if (request.kind == types::EntityKind::Case) {
      stored["status"] = found->record.status;
    }
  } else {
    type = catalog.find(request.kind, request.typeRef);
    if (type == nullptr || !records::accessFor(catalog, *type, session.username).canView) {
      return Error::of(errors::kUnknownType, std::string("There is no ") +
                                                 types::kindName(request.kind) + " type '" +
                                                 request.typeRef + "'.");
    }
  }
  const auto* macro = catalog.macroFor("formClose", type->kind, type->ref);
  if (macro == nullptr) {
    return CloseOutcome{};
  }
  api::RecordMacroHost host(environment, session.username, type->kind, recordId);
  auto effects = runFormCloseMacro(environment.db(), *macro, *type, session, host,
                                   request.values ? *request.values : stored,
                                   request.identifier.empty(), request.identifier);
  return CloseOutcome{effects.canClose, std::move(effects.message), std::move(effects.alerts)};
}

}  // namespace dossier::forms
