#pragma once

#include <string>
#include <vector>

namespace Xapian {
class Document;
class TermGenerator;
}  // namespace Xapian

namespace dossier::records {
struct Record;
}
namespace dossier::types {
struct EntityType;
class Catalog;
}  // namespace dossier::types

namespace dossier::index {

struct DocumentSource;

// The document of one case or person: its title (display name) and identifier weighted above the
// searchable fields, the boolean terms that filter, the words to suggest, and as data what a
// result row shows (search fields and the text extracts are cut from).
// A person is found by the other names they are known by as by their own (otherNames).
Xapian::Document indexDocument(const records::Record& record, const types::EntityType& type,
                               Xapian::TermGenerator& terms,
                               const std::vector<std::string>& otherNames = {});

// The document of one of a case's documents: title, file name, author, comments and the text read
// from its file; seen by those who may see the case and are in its security group.
// In English, the commonest words of a file's text ("the", "and") are kept for phrases but not as
// words of their own, so that a search for one does not have to rank every document.
Xapian::Document indexCaseDocument(const DocumentSource& source, const types::EntityType& caseType,
                                   const types::Catalog& catalog, Xapian::TermGenerator& terms,
                                   const std::string& language);

// Everything in the configuration that changes what the index holds; when it differs from the one
// an index was built with, the index is rebuilt.
std::string configurationFingerprint(const types::Catalog& catalog, const std::string& language);

}  // namespace dossier::index
