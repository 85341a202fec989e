#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/clock.hpp"
#include "documents/document_rows.hpp"
#include "records/actor.hpp"
#include "records/audit.hpp"

namespace dossier::db {
class Connection;
}

namespace dossier::documents {

// How the audit trail tells a change of a document.
struct DocumentChange {
  // created, updated, checkedOut, checkOutUndone, checkedIn, reverted, renamed, deleted
  std::string action;
  std::vector<records::FieldChange> fields;
};

// The one write path of documents. Each writes the document, one audit row of the document, one
// of its case (so that the case's history tells it), and one change-log row for the search index;
// the caller holds the transaction (db::Transaction) that makes them one.

// A new document of a case: a guid, row version 1, and its first version's file when it has one
// (the version's blob must already be in the blob store).
void createDocument(db::Connection& db, Document& document, StoredVersion* firstVersion,
                    const DocumentChange& change, const records::Actor& actor, TimePoint now);

// An existing document, written only when the stored row is still at expectedVersion; false, and
// nothing written, when someone else changed it since. A new version, when given, is stored and
// becomes the current one.
bool updateDocument(db::Connection& db, Document& document, std::int64_t expectedVersion,
                    StoredVersion* newVersion, const DocumentChange& change,
                    const records::Actor& actor, TimePoint now);

// The standard fields whose values differ, labelled as the properties screen labels them.
std::vector<records::FieldChange> documentChanges(const Document& before, const Document& after);

}  // namespace dossier::documents
