#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include <boost/json/object.hpp>

#include "core/clock.hpp"
#include "records/actor.hpp"
#include "types/entity_type.hpp"

namespace dossier::db {
class Connection;
}

namespace dossier::records {

// A stored case or person: the fixed columns and the configured fields' values.
struct Record {
  types::EntityKind kind = types::EntityKind::Case;
  std::int64_t id = 0;
  std::string guid;
  std::string caseNumber;  // cases only
  std::string typeRef;
  std::string status;     // cases only
  bool obsolete = false;  // persons only
  std::string displayName;
  boost::json::object values;
  std::int64_t rowVersion = 0;
  std::string createdByName;
  std::string createdAt;
  std::string modifiedByName;
  std::string modifiedAt;
  std::int64_t modifiedBy = 0;  // the user; 0 for the samples and the seed

  // How routes and the spec name it: the case number, or the person's id.
  std::string identifier() const;
};

// The record's state in the words of spec 1 §3: a case is "open" or "closed" as its type's
// status says (active or not), a person "active" or "obsolete". A record not yet saved is
// "undefined", which no stored record is.
const char* recordState(const types::EntityType& type, const Record& record);

std::optional<Record> findCase(db::Connection& db, std::string_view caseNumber);
std::optional<Record> findPerson(db::Connection& db, std::int64_t id);
// By the identifier of a route: a case number, or a person id in digits.
std::optional<Record> findRecord(db::Connection& db, types::EntityKind kind,
                                 std::string_view identifier);
// A person's database id from their guid (the spec's /persondata/{personGuid} calls), or from
// their id written in digits.
std::optional<std::int64_t> personIdFromReference(db::Connection& db, std::string_view reference);
// By database id, as the change log names records.
std::optional<Record> findRecordById(db::Connection& db, types::EntityKind kind, std::int64_t id);
// The records of a kind that change-log rows numbered after `after` up to `upTo` name, as they
// are now, by id: one query for a batch of changes rather than one per record. A record named but
// gone is absent.
std::map<std::int64_t, Record> recordsNamedByChanges(db::Connection& db, types::EntityKind kind,
                                                     std::int64_t after, std::int64_t upTo);
// Every record of a kind, in id order, one at a time (reindexing reads them all).
void forEachRecord(db::Connection& db, types::EntityKind kind,
                   const std::function<void(const Record&)>& visit);

// "CMP-2026-00042": the type's prefix, the year and the next number of that year.
std::string nextCaseNumber(db::Connection& db, const types::Numbering& numbering, int year);

// The database id of a record for the change log and audit, found by identifier.
std::optional<std::int64_t> recordId(db::Connection& db, types::EntityKind kind,
                                     std::string_view identifier);

}  // namespace dossier::records
