#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <boost/json/value.hpp>

#include "core/clock.hpp"
#include "records/audit.hpp"
#include "records/records.hpp"
#include "types/entity_type.hpp"

namespace dossier::db {
class Connection;
}

namespace dossier::records {

// How the audit trail tells a write.
struct Change {
  std::string action;               // created, updated, obsolete, reinstate
  std::vector<FieldChange> fields;  // each field's old and new value
  boost::json::value activity;      // the activity event of spec 1 §4, or null
};

// The one write path of cases and persons, used by saves, obsolete and reinstate, the samples
// and the seed. Each writes the record with its display name (from its type's template), one
// audit row and one change-log row for the search index; the caller holds the transaction
// (db::Transaction) that makes them one.

// A case is closed while its status is one whose `active` is false. The writes keep when it was
// last closed and the whole days from its opening to then (cases.closed_at and days_open, for
// reports): set as it moves to a closed status (or is created at one), kept while it is saved again
// or moves to another closed status, cleared as it moves back to an open one.

// A new record: a guid, a case number for a case, row version 1.
void createRecord(db::Connection& db, const types::EntityType& type, Record& record,
                  const Change& change, const Actor& actor, TimePoint now);

// An existing record, written only when the stored row is still at expectedVersion; false, and
// nothing written, when someone else changed it since.
bool updateRecord(db::Connection& db, const types::EntityType& type, Record& record,
                  std::int64_t expectedVersion, const Change& change, const Actor& actor,
                  TimePoint now);

// The closing moments of the cases whose status closes them but whose moment is not kept (closed
// before migration 0022 kept them, or at a status the configuration has since made a closing one),
// taken from each case's history: the last time its status went from an open one to a closed one,
// else its last change. Clears the moments of cases whose status no longer closes them. Runs at
// start, in the caller's transaction; does nothing again until the configuration changes which
// statuses close a case. Changes no row version and writes no history: it is no one's change.
// Returns the number of cases written.
std::int64_t fillClosingMoments(db::Connection& db, const types::Catalog& catalog);

}  // namespace dossier::records
