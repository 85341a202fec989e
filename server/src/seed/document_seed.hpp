#pragma once

#include <cstdint>
#include <functional>

#include "core/result.hpp"

namespace dossier::environments {
class Environment;
}

namespace dossier::seed {

// Attaches generated documents (document_files: PDFs, Word documents, text, scanned notices)
// to the environment's cases, chosen at random, through the documents' write path: each with its
// file in the blob store, its version, its audit rows and its change-log row. The text of what was
// generated is known and stored at once; scans are left for the extraction queue's OCR. progress
// is told (done, total) as batches are committed.
Status seedDocuments(environments::Environment& environment, std::int64_t count, std::uint64_t seed,
                     const std::function<void(std::int64_t, std::int64_t)>& progress);

}  // namespace dossier::seed
