#pragma once

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include <boost/json/object.hpp>

#include "api/errors.hpp"
#include "api/session.hpp"
#include "core/result.hpp"
#include "http/response.hpp"
#include "records/access.hpp"
#include "records/errors.hpp"

namespace dossier::db {
class Connection;
}
namespace dossier::environments {
class Environment;
}

namespace dossier::api {

// What the records a case or person holds — alternate names, comments, cross references, case
// actions — share on their way in and out: finding the parent and the person's rights on it, the
// stale-version check, "a save that changes nothing writes nothing", and the spec's answer to a
// save. Each feature's service holds its own rules and calls these.

// The record a child belongs to, as the signed-in person may use it: a person by guid or by id in
// digits, a case by its number. One that is not there and one the person may not see are told
// alike (404 records.person_not_found "There is no person 12." or records.not_found "There is no
// case …").
Result<records::RecordAccess> findParent(db::Connection& db, const types::Catalog& catalog,
                                         const Session& session, types::EntityKind kind,
                                         std::string_view reference);

// Changing what a record holds needs the right to change the record, which must not be an obsolete
// person: 409 records.obsolete with the reason, or 403 `deniedCode` otherwise.
std::optional<Error> refusedChange(const records::RecordAccess& parent,
                                   const ErrorCode& deniedCode = records::errors::kModifyDenied);
bool mayChange(const records::RecordAccess& parent);

// A change to what a record holds: where its parent is, and how a refusal is named.
struct ChildChange {
  types::EntityKind parentKind = types::EntityKind::Person;
  std::string parentReference{};
  ErrorCode deniedCode = records::errors::kModifyDenied;
  // Told instead of "There is no person …" when the child was found by its own key and its parent
  // is hidden ("This comment is not there any more.").
  std::optional<Error> parentMissing{};
  // The parent's search entry shows the child (alternate names): the answer waits for the index.
  bool waitForIndex = false;
};

struct ChildChanged {
  records::RecordAccess parent;
  bool changed = false;
};

// Runs a change in one write transaction: the parent found and the right to change it checked,
// then `change` — the feature's rules and its one write path — which answers whether it changed
// anything. The transaction is committed only then, so a save with nothing to change writes
// nothing, not even an audit row.
Result<ChildChanged> changeChild(
    environments::Environment& environment, const Session& session, const ChildChange& where,
    const std::function<Result<bool>(db::Connection&, const records::RecordAccess&)>& change);

// A child as one of its saves left it, with its parent.
template <class T>
struct SavedChild {
  T child;
  records::RecordAccess parent;
  bool changed = false;
};

// The version a stored child is at and who changed it last: what a stale save is told.
struct Stamp {
  std::int64_t rowVersion = 0;
  std::string modifiedBy{};
  std::string modifiedAt{};
};

// How a feature names a save of a stored child that is stale or carries no version.
struct VersionRule {
  std::string_view noun{};  // "comment": "This comment was changed by …"
  ErrorCode changedCode{};  // 409
  ErrorCode missingCode = errors::kInvalidRequest;
  std::string missingMessage{};  // 400
};

// The stale-version check of a save that changes a stored child: 400 without a version, 409
// (api/changed_meanwhile, with the stored rowVersion as a detail) when another save came first.
std::optional<Error> staleSave(std::optional<std::int64_t> submitted, const Stamp& stored,
                               const VersionRule& rule);

// A row version as a save carries it (a whole number), or nullopt.
std::optional<std::int64_t> versionOf(const boost::json::object& body, std::string_view key);

// The object a save carries a child's fields in ({"commentDetails": {…}}), or 400 "The body must
// hold the comment in 'commentDetails'.".
Result<boost::json::object> detailsOf(const boost::json::object& body, std::string_view key,
                                      std::string_view noun);

// Reads text fields into strings, "" for one that is absent or null; 400 naming one that is not
// text.
std::optional<Error> readTexts(
    const boost::json::object& from,
    std::initializer_list<std::pair<std::string_view, std::string*>> fields);

// The spec's answer to a save (spec 2 §7): success, errorMessage and primaryKey — the key the
// child is known by from now on — with whether it changed anything and what the feature adds.
http::Response childSaved(std::string_view primaryKey, bool changed, boost::json::object more = {});

}  // namespace dossier::api
