#include "api/child_records.hpp"

#include "api/changed_meanwhile.hpp"
#include "api/errors.hpp"
#include "api/json_response.hpp"
#include "core/json_body.hpp"
#include "db/connection.hpp"
#include "db/pool.hpp"
#include "environments/environment.hpp"
#include "records/errors.hpp"

namespace dossier::api {

namespace json = boost::json;
using types::EntityKind;

Result<records::RecordAccess> findParent(db::Connection& db, const types::Catalog& catalog,
                                         const Session& session, EntityKind kind,
                                         std::string_view reference) {
  std::optional<records::RecordAccess> found;
  if (kind == EntityKind::Person) {
    if (const auto id = records::personIdFromReference(db, reference)) {
      found = records::recordAccessById(db, catalog, kind, *id, session.username);
    }
  } else {
    found = records::recordAccess(db, catalog, kind, reference, session.username);
  }
  if (found && found->visible()) {
    return std::move(*found);
  }
  if (kind == EntityKind::Person) {
    return Error::of(records::errors::kPersonNotFound,
                     "There is no person " + std::string(reference) + ".");
  }
  return records::recordNotFound(kind, reference);
}

std::optional<Error> refusedChange(const records::RecordAccess& parent,
                                   const ErrorCode& deniedCode) {
  if (!parent.access.readOnlyReason.empty()) {
    return Error::of(records::errors::kObsolete, parent.access.readOnlyReason);
  }
  if (!parent.access.canModify) {
    return Error::of(
        deniedCode, "You are not allowed to change this " +
                        (parent.type != nullptr ? parent.type->name : std::string("record")) + ".");
  }
  return std::nullopt;
}

bool mayChange(const records::RecordAccess& parent) {
  return !refusedChange(parent).has_value();
}

Result<ChildChanged> changeChild(
    environments::Environment& environment, const Session& session, const ChildChange& where,
    const std::function<Result<bool>(db::Connection&, const records::RecordAccess&)>& change) {
  ChildChanged outcome;
  {
    auto db = environment.db().acquire();
    db::Transaction transaction(*db);
    auto parent =
        findParent(*db, environment.catalog(), session, where.parentKind, where.parentReference);
    if (!parent) {
      return where.parentMissing ? *where.parentMissing : std::move(parent).error();
    }
    if (auto refused = refusedChange(*parent, where.deniedCode)) {
      return std::move(*refused);
    }
    auto changed = change(*db, *parent);
    if (!changed) {
      return std::move(changed).error();
    }
    outcome.parent = std::move(*parent);
    outcome.changed = *changed;
    // Nothing changed: the transaction ends without a commit, whatever was read or written.
    if (outcome.changed) {
      transaction.commit();
    }
  }
  if (outcome.changed && where.waitForIndex) {
    environment.awaitIndexed();
  }
  return outcome;
}

std::optional<Error> staleSave(std::optional<std::int64_t> submitted, const Stamp& stored,
                               const VersionRule& rule) {
  if (!submitted) {
    return Error::of(rule.missingCode, rule.missingMessage);
  }
  if (*submitted != stored.rowVersion) {
    return std::move(
               changedMeanwhile(rule.changedCode, rule.noun, stored.modifiedBy, stored.modifiedAt))
        .withDetail("rowVersion", stored.rowVersion);
  }
  return std::nullopt;
}

std::optional<std::int64_t> versionOf(const json::object& body, std::string_view key) {
  const auto* version = body.if_contains(key);
  if (version == nullptr || !version->is_int64()) {
    return std::nullopt;
  }
  return version->get_int64();
}

Result<json::object> detailsOf(const json::object& body, std::string_view key,
                               std::string_view noun) {
  const auto* details = body.if_contains(key);
  if (details == nullptr || !details->is_object()) {
    return Error::of(errors::kInvalidRequest, "The body must hold the " + std::string(noun) +
                                                  " in '" + std::string(key) + "'.");
  }
  return details->as_object();
}

std::optional<Error> readTexts(
    const json::object& from,
    std::initializer_list<std::pair<std::string_view, std::string*>> fields) {
  for (const auto& [key, target] : fields) {
    auto text = optionalStringField(from, key);
    if (!text) {
      return std::move(text).error();
    }
    *target = text->value_or("");
  }
  return std::nullopt;
}

http::Response childSaved(std::string_view primaryKey, bool changed, json::object more) {
  json::object answer{
      {"success", true}, {"errorMessage", ""}, {"primaryKey", primaryKey}, {"changed", changed}};
  for (auto& [key, value] : more) {
    answer[key] = std::move(value);
  }
  return jsonResponse(answer);
}

}  // namespace dossier::api
