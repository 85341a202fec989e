#include "records/access.hpp"

#include <algorithm>

#include "records/errors.hpp"
#include "records/recent.hpp"

namespace dossier::records {

namespace {

// The rights of the record's type, then what its state takes away.
RecordAccess withAccess(Record record, const types::Catalog& catalog, std::string_view username) {
  RecordAccess found;
  found.type = catalog.find(record.kind, record.typeRef);
  if (found.type != nullptr) {
    found.access = accessFor(catalog, *found.type, username);
    if (record.kind == types::EntityKind::Person && record.obsolete && found.access.canModify) {
      found.access.canModify = false;
      found.access.readOnlyReason =
          "This " + found.type->name + " is obsolete. Reinstate it to change it.";
    }
  }
  found.record = std::move(record);
  return found;
}

}  // namespace

EntityAccess accessFor(const types::Catalog& catalog, const types::EntityType& type,
                       std::string_view username) {
  const auto groups = catalog.groupsOf(username);
  const auto granted = [&](const std::vector<std::string>& allowed) {
    return std::any_of(allowed.begin(), allowed.end(),
                       [&](const std::string& group) { return groups.contains(group); });
  };
  EntityAccess access;
  access.canView = granted(type.access.view);
  access.canCreate = access.canView && granted(type.access.create);
  access.canModify = access.canView && granted(type.access.modify);
  access.canDelete = access.canView && granted(type.access.remove);
  return access;
}

std::vector<std::string> visibleTypeRefs(const types::Catalog& catalog, types::EntityKind kind,
                                         std::string_view username) {
  std::vector<std::string> refs;
  for (const auto* type : catalog.ofKind(kind)) {
    if (accessFor(catalog, *type, username).canView) {
      refs.push_back(type->ref);
    }
  }
  return refs;
}

std::optional<RecordAccess> recordAccess(db::Connection& db, const types::Catalog& catalog,
                                         types::EntityKind kind, std::string_view identifier,
                                         std::string_view username) {
  auto record = findRecord(db, kind, identifier);
  if (!record) {
    return std::nullopt;
  }
  return withAccess(std::move(*record), catalog, username);
}

std::optional<RecordAccess> recordAccessById(db::Connection& db, const types::Catalog& catalog,
                                             types::EntityKind kind, std::int64_t id,
                                             std::string_view username) {
  auto record = findRecordById(db, kind, id);
  if (!record) {
    return std::nullopt;
  }
  return withAccess(std::move(*record), catalog, username);
}

bool mayBeToldOfHidden(db::Connection& db, std::int64_t userId, const RecordAccess& found) {
  return hasOpened(db, userId, found.record.kind, found.record.id);
}

Error recordNotFound(types::EntityKind kind, std::string_view identifier) {
  return Error::of(errors::kNotFound, "There is no " + std::string(types::kindName(kind)) + " " +
                                          std::string(identifier) + ".");
}

}  // namespace dossier::records
