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

// A new record: a guid, a case number for a case, row version 1.
void createRecord(db::Connection& db, const types::EntityType& type, Record& record,
                  const Change& change, const Actor& actor, TimePoint now);

// An existing record, written only when the stored row is still at expectedVersion; false, and
// nothing written, when someone else changed it since.
bool updateRecord(db::Connection& db, const types::EntityType& type, Record& record,
                  std::int64_t expectedVersion, const Change& change, const Actor& actor,
                  TimePoint now);

}  // namespace dossier::records
