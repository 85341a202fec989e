#include "api/person_child.hpp"

#include "api/context.hpp"
#include "environments/environment.hpp"

namespace dossier::api {

Result<records::RecordAccess> personOfCall(db::Connection& db, Context& context,
                                           std::string_view reference) {
  const auto id = records::personIdFromReference(db, reference);
  auto found =
      id ? records::recordAccessById(db, context.environment().catalog(), types::EntityKind::Person,
                                     *id, context.session().username)
         : std::nullopt;
  if (!found || !found->visible()) {
    return Error::notFound("person.not_found",
                           "There is no person " + std::string(reference) + ".");
  }
  return std::move(*found);
}

std::optional<Error> refusedChange(const records::RecordAccess& person) {
  if (!person.access.readOnlyReason.empty()) {
    return Error::conflict("record.obsolete", person.access.readOnlyReason);
  }
  if (!person.access.canModify) {
    return Error::forbidden("record.modify_denied",
                            "You are not allowed to change this " + person.type->name + ".");
  }
  return std::nullopt;
}

}  // namespace dossier::api
